import { MantineContext, MantineThemeProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ContextType, type ReactNode, useState } from 'react';
import { BreadcrumbProvider } from '#web/components/breadcrumb.tsx';
import { Toasts } from '#web/components/toasts.tsx';
import { createQueryClient } from '#web/lib/query-client.ts';
import { SessionProvider } from '#web/lib/session.tsx';
import { theme } from './theme.ts';

/**
 * What MantineProvider gives its components, without MantineProvider: the light scheme only (fixed
 * in index.html's `data-mantine-color-scheme`), no color scheme stored or followed, and the theme's
 * CSS variables and global classes in the stylesheet (scripts/vite-mantine-css.ts), not in a
 * <style> Mantine would put in the body: HTML allows <style> only in the head (issue 42).
 * MantineProvider's module works out Mantine's default theme's variables when it loads (to leave
 * them out of that <style>), ~30 ms of a phone's main thread before the page can hydrate
 * (docs/performance.md, "Décima rodada").
 */
const mantine: NonNullable<ContextType<typeof MantineContext>> = {
  colorScheme: 'light',
  setColorScheme: () => {},
  clearColorScheme: () => {},
  getRootElement: () => document.documentElement,
  classNamesPrefix: 'mantine',
  cssVariablesSelector: ':root',
  withStaticClasses: true,
};

/**
 * The app's providers. `client` is the query cache to render with: the server's, filled with the
 * page's data (web/entry-server.tsx), or the browser's, filled from that same data (main.tsx).
 */
export function Providers({ children, client }: { children: ReactNode; client?: QueryClient }) {
  const [queryClient] = useState(() => client ?? createQueryClient());
  return (
    <MantineContext value={mantine}>
      <MantineThemeProvider theme={theme}>
        <DatesProvider settings={{ locale: 'pt-br', firstDayOfWeek: 0 }}>
          <Toasts />
          <QueryClientProvider client={queryClient}>
            <SessionProvider>
              <BreadcrumbProvider>{children}</BreadcrumbProvider>
            </SessionProvider>
          </QueryClientProvider>
        </DatesProvider>
      </MantineThemeProvider>
    </MantineContext>
  );
}
