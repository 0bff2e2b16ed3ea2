import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dropzone/styles.css';
import './app.css';
import 'dayjs/locale/pt-br';
import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { BreadcrumbProvider } from '#web/components/breadcrumb.tsx';
import { createQueryClient } from '#web/lib/query-client.ts';
import { SessionProvider } from '#web/lib/session.tsx';
import { theme } from './theme.ts';

/** SPEC §9: at most one toast, 5000 ms. */
export const TOAST_LIMIT = 1;
export const TOAST_MS = 5000;

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <DatesProvider settings={{ locale: 'pt-br', firstDayOfWeek: 0 }}>
        <Notifications limit={TOAST_LIMIT} autoClose={TOAST_MS} position="top-right" />
        <QueryClientProvider client={queryClient}>
          <SessionProvider>
            <BreadcrumbProvider>
              <ModalsProvider>{children}</ModalsProvider>
            </BreadcrumbProvider>
          </SessionProvider>
        </QueryClientProvider>
      </DatesProvider>
    </MantineProvider>
  );
}
