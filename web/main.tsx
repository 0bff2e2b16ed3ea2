// Mantine's styles.css with only the components the app uses (scripts/vite-mantine-css.ts).
import 'virtual:salas-mantine-css';
import './app/app.css';
import { hydrate } from '@tanstack/react-query';
import { StrictMode, Suspense, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { Providers } from './app/providers.tsx';
import { AppRoutes } from './app/router.tsx';
import { FullScreenLoading } from './components/loading-overlay.tsx';
import { setPageHydrating } from './lib/hydrated.ts';
import { takeServerState } from './lib/initial-data.ts';
import { PageReady } from './lib/page-ready.tsx';
import { createQueryClient } from './lib/query-client.ts';

const container = document.getElementById('root') as HTMLElement;
const queryClient = createQueryClient();
// The public pages arrive drawn by the server (web/entry-server.tsx) with the data they were drawn
// from: the same data fills the cache before React takes the HTML over, so the first render in
// the browser draws exactly what is already on screen.
const server = takeServerState();
if (server) hydrate(queryClient, server);

const app = (
  <StrictMode>
    <Providers client={queryClient}>
      <Suspense fallback={<FullScreenLoading />}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
        <PageReady />
      </Suspense>
    </Providers>
  </StrictMode>
);

// The first render — or the hydration of the server's HTML — is a transition: React yields to the
// browser between pieces of work instead of holding the main thread for the whole page (input
// stays responsive on slow phones).
if (server) {
  setPageHydrating(true);
  startTransition(() => {
    hydrateRoot(container, app, {
      // Told apart in the journeys (e2e/support/test.ts): any difference between the server's HTML
      // and the browser's first render fails them.
      onRecoverableError: (error) => console.error('salas-hydration:', error),
    });
  });
} else {
  const root = createRoot(container);
  startTransition(() => root.render(app));
}
