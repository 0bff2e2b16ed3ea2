import { useEffect } from 'react';
import { setPageHydrating } from './hydrated.ts';

/**
 * Marks `<html data-ready>` once the page on screen is drawn by React and responds: a server-drawn
 * page is hydrated (until then a tap on a link leaves the page and one on a button does nothing),
 * a page the browser draws alone is rendered. Drawn at the end of the app and at the end of the
 * main layout's page: the page of the main layout hydrates on its own, after the app around it, and
 * the app's mark leaves the word to it. The journeys wait for the mark after each page load
 * (e2e/support/test.ts).
 */
export function PageReady({ page = false }: { page?: boolean }) {
  useEffect(() => {
    if (!page && document.querySelector('[data-page-boundary]')) return;
    setPageHydrating(false);
    document.documentElement.dataset.ready = '';
  }, [page]);
  return null;
}
