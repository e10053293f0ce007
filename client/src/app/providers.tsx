import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { I18nProvider } from '../i18n/i18n';
import { AlertsProvider } from '../lib/alerts';
import { createQueryClient } from '../lib/query-client';
import { ThemeProvider } from '../lib/theme';

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <I18nProvider>
        <ThemeProvider>
          <AlertsProvider>{children}</AlertsProvider>
        </ThemeProvider>
      </I18nProvider>
    </QueryClientProvider>
  );
}
