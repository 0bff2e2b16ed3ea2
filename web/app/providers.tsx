import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { BreadcrumbProvider } from '#web/components/breadcrumb.tsx';
import { Toasts } from '#web/components/toasts.tsx';
import { createQueryClient } from '#web/lib/query-client.ts';
import { SessionProvider } from '#web/lib/session.tsx';
import { theme } from './theme.ts';

/**
 * The app's providers. `client` is the query cache to render with: the server's, filled with the
 * page's data (web/entry-server.tsx), or the browser's, filled from that same data (main.tsx).
 */
export function Providers({ children, client }: { children: ReactNode; client?: QueryClient }) {
  const [queryClient] = useState(() => client ?? createQueryClient());
  return (
    // The theme's CSS variables and the hiddenFrom/visibleFrom classes are in the stylesheet
    // (scripts/vite-mantine-css.ts), not in a <style> Mantine would put in the body: HTML allows
    // <style> only in the head (issue 42).
    <MantineProvider
      theme={theme}
      defaultColorScheme="light"
      withCssVariables={false}
      withGlobalClasses={false}
    >
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
