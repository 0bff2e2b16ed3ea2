// Mantine's styles.css with only the components the app uses (scripts/vite-mantine-css.ts).
import 'virtual:salas-mantine-css';
import './app.css';
import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { BreadcrumbProvider } from '#web/components/breadcrumb.tsx';
import { Toasts } from '#web/components/toasts.tsx';
import { createQueryClient } from '#web/lib/query-client.ts';
import { SessionProvider } from '#web/lib/session.tsx';
import { theme } from './theme.ts';

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <DatesProvider settings={{ locale: 'pt-br', firstDayOfWeek: 0 }}>
        <Toasts />
        <QueryClientProvider client={queryClient}>
          <SessionProvider>
            <BreadcrumbProvider>{children}</BreadcrumbProvider>
          </SessionProvider>
        </QueryClientProvider>
      </DatesProvider>
    </MantineProvider>
  );
}
