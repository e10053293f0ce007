import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { Providers } from './app/providers';
import { AppRoutes } from './app/router';

/**
 * The HTML of one page as a visitor first sees it (signed out, light theme), rendered at build
 * time so a phone paints the landing page before any JavaScript has arrived. main.tsx hydrates it.
 */
export function renderPage(url: string): string {
  return renderToString(
    <StrictMode>
      <Providers>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </Providers>
    </StrictMode>,
  );
}
