import { expect, test } from '@playwright/test';
import { demo, expectAccessible, signInAs } from './support/session.ts';

test('phone: a specialist sees each booking as a card with its status and the cancel button in view', async ({
  page,
}) => {
  await signInAs(page, demo.specialist);
  await page.goto('/especialista/agendamentos');
  const upcoming = page
    .locator('.mantine-Card-root', { has: page.getByRole('button', { name: 'Cancelar' }) })
    .first();
  await expect(upcoming).toBeVisible();
  await expect(upcoming.getByText('Confirmada')).toBeInViewport();
  await expect(upcoming.getByRole('button', { name: 'Cancelar' })).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expectAccessible(page);
});
