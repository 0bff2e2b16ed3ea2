import { StrictMode, Suspense, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { Providers } from './app/providers.tsx';
import { AppRoutes } from './app/router.tsx';
import { FullScreenLoading } from './components/loading-overlay.tsx';

// The first render is a transition: React yields to the browser between pieces of work instead
// of holding the main thread for the whole first screen (input stays responsive on slow phones).
const root = createRoot(document.getElementById('root') as HTMLElement);
startTransition(() =>
  root.render(
    <StrictMode>
      <Providers>
        <Suspense fallback={<FullScreenLoading />}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </Suspense>
      </Providers>
    </StrictMode>,
  ),
);
