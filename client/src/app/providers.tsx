import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { I18nProvider, type Shown } from '../i18n/i18n';
import { AlertsProvider } from '../lib/alerts';
import { createQueryClient } from '../lib/query-client';
import { ThemeProvider } from '../lib/theme';

export function Providers({ children, language }: { children: ReactNode; language?: Shown }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <I18nProvider {...(language ? { initial: language } : {})}>
        <ThemeProvider>
          <AlertsProvider>{children}</AlertsProvider>
        </ThemeProvider>
      </I18nProvider>
    </QueryClientProvider>
  );
}
