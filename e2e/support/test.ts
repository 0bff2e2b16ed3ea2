/**
 * Playwright's `test` with one more rule for every journey: the server-drawn public pages must
 * hydrate without a difference between the server's HTML and the browser's first render
 * (web/main.tsx reports any as "salas-hydration:"), and no script may throw on any page; and
 * after each page load a journey waits until the page responds.
 */
import { test as base, expect } from '@playwright/test';

export * from '@playwright/test';

export const test = base.extend<{ hydration: undefined }>({
  // A server-drawn page asks for its scripts after the first paint (web/public/salas-boot.js): until
  // it is hydrated (web/lib/page-ready.tsx marks <html data-ready>), a tap on a link leaves the page
  // and one on a button does nothing. After each page load the journeys wait for the mark, as a
  // person waits for the page to respond.
  page: async ({ page }, use) => {
    const ready = () =>
      page.waitForFunction(
        () => !document.getElementById('root') || document.documentElement.hasAttribute('data-ready'),
      );
    // Each way of loading a page: the same call, then the wait.
    for (const name of ['goto', 'reload', 'goBack', 'goForward'] as const) {
      const load = page[name].bind(page) as (...args: unknown[]) => Promise<unknown>;
      Object.assign(page, {
        [name]: async (...args: unknown[]) => {
          const response = await load(...args);
          await ready();
          return response;
        },
      });
    }
    await use(page);
  },
  hydration: [
    async ({ page }, use) => {
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && /salas-hydration|hydrat/i.test(message.text()))
          problems.push(message.text().slice(0, 500));
      });
      page.on('pageerror', (error) => {
        if (/hydrat|Minified React error #4(18|19|21|23|25)/i.test(error.message))
          problems.push(error.message.slice(0, 500));
      });
      await use(undefined);
      expect(problems, 'a página do servidor e a primeira renderização no navegador diferem').toEqual([]);
    },
    { auto: true },
  ],
});
