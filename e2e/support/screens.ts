import type { Locator, Page } from '@playwright/test';

/**
 * Keeps a screenshot for a person to look at (`E2E_SCREENS=1 npm run test:e2e`, then
 * test-results/screens). The journeys assert what they need; CI's runs skip the pictures nobody
 * opens there.
 */
export async function keepScreen(
  target: Page | Locator,
  options: { path: string; fullPage?: boolean },
): Promise<void> {
  if (!process.env.E2E_SCREENS) return;
  if ('goto' in target) await target.screenshot(options);
  else await target.screenshot({ path: options.path });
}
