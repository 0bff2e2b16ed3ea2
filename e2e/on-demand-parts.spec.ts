/**
 * The header's parts that load on the first touch (web/lib/load-on-intent.ts): a tap whose press
 * comes before the part's code and whose release comes after it still opens the part. The part's
 * code is held back until the button is pressed, so the swap lands inside the tap every time.
 */
import type { Page, Route } from '@playwright/test';
import { demo, signInByApi } from './support/session.ts';
import { expect, test } from './support/test.ts';

/** Holds the chunk named `name` until `release()` is called. */
async function holdChunk(page: Page, name: string) {
  let hold!: () => void;
  const held = new Promise<void>((resolve) => {
    hold = resolve;
  });
  let asked = false;
  await page.route(new RegExp(`/assets/${name}-[^/]+\\.js$`), async (route: Route) => {
    asked = true;
    await held;
    await route.continue();
  });
  return { release: hold, asked: () => asked };
}

/** Presses `target`, lets the held part arrive while pressed, then lets go. */
async function tapAcrossTheLoad(
  page: Page,
  target: import('@playwright/test').Locator,
  chunk: { release(): void; asked(): boolean },
) {
  const box = (await target.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await expect.poll(chunk.asked).toBe(true);
  chunk.release();
  // The part's code has arrived and run while the button is still down.
  await page.waitForLoadState('networkidle');
  await page.mouse.up();
}

test('a tap on "Quando?" across the calendar\'s load opens the calendar', async ({ page }) => {
  const chunk = await holdChunk(page, 'search-date-picker');
  await page.goto('/rooms');
  const field = page.getByRole('button', { name: 'Quando?' }).first();
  await tapAcrossTheLoad(page, field, chunk);
  await expect(page.getByRole('button', { name: 'Próximo mês' })).toBeVisible();
});

test('a tap on "Abrir menu" across the drawer\'s load opens the menu on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const chunk = await holdChunk(page, 'header-drawer');
  await page.goto('/rooms');
  await tapAcrossTheLoad(page, page.getByRole('button', { name: 'Abrir menu' }), chunk);
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.getByRole('dialog').getByRole('link', { name: 'Salas' })).toBeVisible();
});

test("a tap on a signed-in person's menu across its load opens the menu", async ({ page }) => {
  const chunk = await holdChunk(page, 'header-menus');
  await signInByApi(page, demo.specialist2);
  await page.goto('/rooms');
  await tapAcrossTheLoad(page, page.getByRole('button', { name: /^Menu de / }), chunk);
  await expect(page.getByRole('menu')).toBeVisible();
});
