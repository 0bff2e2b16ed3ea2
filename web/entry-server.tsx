/**
 * The public pages drawn on the server (DESIGN §9 "Public pages seen without JavaScript"): the
 * same routes and components as the browser, rendered with React's streaming renderer once every
 * lazy page has loaded, from a query cache the server filled with the page's data. The browser
 * hydrates that HTML (main.tsx) from the same data, so it draws exactly what is already there.
 */

import { PassThrough } from 'node:stream';
import { dehydrate, type QueryKey } from '@tanstack/react-query';
import { StrictMode, Suspense } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { Providers } from './app/providers.tsx';
import { AppRoutes } from './app/router.tsx';
import { FullScreenLoading } from './components/loading-overlay.tsx';
import { createQueryClient } from './lib/query-client.ts';

export interface PageSeed {
  queryKey: QueryKey;
  data: unknown;
}

export interface RenderedPage {
  /** The app's markup, for inside <div id="root">. */
  html: string;
  /** The query cache it was drawn from (TanStack Query's dehydrated state), for the browser. */
  state: unknown;
}

/** A slow render gives up: the page then goes out as the app shell, drawn by the browser. */
const RENDER_BUDGET_MS = 3_000;

/**
 * A boundary still waiting when React started writing goes out as its fallback, with the content
 * after it and an inline script to swap them: crawlers would read "Carregando..." first and the
 * page's CSP blocks that script. The first render of a page kind starts its lazy modules loading;
 * once loaded they render at once, so a page drawn with one is drawn again.
 */
const PENDING_BOUNDARY = /<template id="B:/;

export async function renderPage(url: string, seeds: PageSeed[]): Promise<RenderedPage> {
  const first = await renderOnce(url, seeds);
  return PENDING_BOUNDARY.test(first.html) ? renderOnce(url, seeds) : first;
}

function renderOnce(url: string, seeds: PageSeed[]): Promise<RenderedPage> {
  const client = createQueryClient();
  for (const seed of seeds) client.setQueryData(seed.queryKey, seed.data);
  return new Promise((resolve, reject) => {
    let failed: unknown = null;
    const chunks: Buffer[] = [];
    const sink = new PassThrough();
    sink.on('data', (chunk: Buffer) => chunks.push(chunk));
    sink.on('end', () => {
      resolve({ html: Buffer.concat(chunks).toString('utf8'), state: dehydrate(client) });
    });
    const stream = renderToPipeableStream(
      <StrictMode>
        <Providers client={client}>
          {/* The same tree as the browser's (main.tsx): hydration matches it node for node. */}
          <Suspense fallback={<FullScreenLoading />}>
            <StaticRouter location={url}>
              <AppRoutes />
            </StaticRouter>
          </Suspense>
        </Providers>
      </StrictMode>,
      {
        // Crawlers read the whole page in order: no boundary is cut out to stream after the rest
        // (React outlines boundaries larger than this many bytes; the default is 12.8 kB).
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        // Wait for every lazy page and component before sending.
        onAllReady() {
          if (failed) reject(failed);
          else stream.pipe(sink);
        },
        onShellError: reject,
        onError(error) {
          failed = error;
        },
      },
    );
    setTimeout(() => stream.abort(new Error('salas-ssr: tempo esgotado')), RENDER_BUDGET_MS).unref();
  });
}
