import { appToday, isoDate, weekdayAfter, weekdayAhead } from './support/dates.ts';
import {
  bookingPanel,
  dayButton,
  fitsTheScreen,
  oneHour,
  pickDay,
  pickFreeHours,
  reserve,
  shortDay,
} from './support/room-page.ts';
import { keepScreen } from './support/screens.ts';
import { closeDialog, demo, expectAccessible, signInByApi } from './support/session.ts';
import { expect, type Page, test } from './support/test.ts';

const shots = 'test-results/screens';

/** Opens Sala Ipê from a search for "pinheiros" on `day`, as a person coming from the list. */
async function openFromSearch(page: Page, day: Date) {
  await page.goto(`/rooms?search=pinheiros&date=${isoDate(day)}`);
  await page.getByRole('link', { name: /Sala Ipê — Vida Plena Pinheiros/ }).click();
  await expect(page.getByRole('heading', { name: 'Sala Ipê', level: 1 })).toBeVisible();
  // The search travels with the person: the header keeps it, "Voltar" goes back to it.
  await expect(page).toHaveURL(new RegExp(`search=pinheiros&date=${isoDate(day)}`));
  await expect(page.getByRole('link', { name: 'Voltar para as salas' })).toHaveAttribute(
    'href',
    `/rooms?search=pinheiros&date=${isoDate(day)}`,
  );
}

/** The confirm step says the room, the clinic, each date with its hours, the total, payment and the rule. */
async function expectConfirmStep(page: Page, days: [Date, string[]][], total: string) {
  const dialog = page.getByRole('dialog', { name: 'Confirmar reserva' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Sala Ipê', { exact: true })).toBeVisible();
  await expect(dialog.getByText('Vida Plena Pinheiros', { exact: true })).toBeVisible();
  const list = dialog.getByRole('list', { name: 'Datas e horários' });
  for (const [d, hours] of days) {
    const item = list.getByRole('listitem').filter({ hasText: shortDay(d) });
    await expect(item).toContainText(hours.join(', '));
  }
  await expect(dialog.getByText(`Total: ${total}`)).toBeVisible();
  await expect(dialog.getByRole('radiogroup', { name: 'Forma de pagamento' })).toBeVisible();
  await expect(dialog.getByText('Cartão de crédito')).toBeVisible();
  await expect(dialog.getByText('Pix', { exact: true })).toBeVisible();
  await expect(dialog.getByText(/Cancelamento gratuito até 24 horas antes de cada horário/)).toBeVisible();
  return dialog;
}

test.describe('desktop, 1366 px', () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test('a specialist books two days on the room page: marks, total, a full confirm step, the saved card', async ({
    page,
  }) => {
    const first = weekdayAhead(9, await appToday(page));
    const second = weekdayAfter(first);
    await signInByApi(page, demo.specialist);
    await openFromSearch(page, first);
    await expect(page.getByRole('textbox', { name: 'Onde?' })).toHaveValue('pinheiros');
    await keepScreen(page, { path: `${shots}/room-top-1366.png` });

    // The card opens on the searched day; hours there and on the next day.
    const card = await bookingPanel(page);
    await expect(card.getByText('R$ 50,00')).toBeVisible();
    const firstHours = await pickFreeHours(card, 2);
    await pickDay(card, second);
    const secondHours = await pickFreeHours(card, 1);
    await expect(card.getByText('3 horários escolhidos')).toBeVisible();
    await expect(card.getByText('Total: R$ 150,00')).toBeVisible();
    await expect(dayButton(card, first)).toHaveAccessibleName(/, 2 horários escolhidos$/);
    await expect(dayButton(card, second)).toHaveAccessibleName(/, 1 horário escolhido$/);
    await expect(card.getByRole('link', { name: /, com horários livres$/ }).first()).toBeVisible();
    // The summary names each day with its hours.
    await expect(card.getByRole('listitem').filter({ hasText: shortDay(second) })).toContainText(
      oneHour(secondHours[0]!),
    );
    expect(await fitsTheScreen(page)).toBe(true);
    await expectAccessible(page);
    await keepScreen(card, { path: `${shots}/room-calendar-1366.png` });

    // The gallery full screen: keys move, Esc closes.
    await page.getByRole('button', { name: /^Ampliar a foto 1 de \d+$/ }).click();
    const viewer = page.getByRole('dialog', { name: 'Fotos da sala' });
    await expect(viewer.getByRole('img', { name: /^Sala Ipê — foto 1 de \d+$/ })).toBeVisible();
    await page.keyboard.press('ArrowRight');
    const secondPhoto = viewer.getByRole('img', { name: /^Sala Ipê — foto 2 de \d+$/ });
    await expect(secondPhoto).toBeVisible();
    await expect
      .poll(() => secondPhoto.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0))
      .toBe(true);
    await expectAccessible(page);
    await keepScreen(page, { path: `${shots}/room-viewer-1366.png` });
    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();

    await reserve(card);
    const consecutive = `${firstHours[0]}–${oneHour(firstHours[1]!).slice(6)}`;
    const dialog = await expectConfirmStep(
      page,
      [
        [
          first,
          [
            Number(firstHours[1]!.slice(0, 2)) - Number(firstHours[0]!.slice(0, 2)) === 1
              ? consecutive
              : oneHour(firstHours[0]!),
          ],
        ],
        [second, [oneHour(secondHours[0]!)]],
      ],
      'R$ 150,00',
    );
    await expect(dialog.getByText(/VISA •••• 4242/)).toBeVisible();
    await expectAccessible(page);
    await keepScreen(page, { path: `${shots}/room-confirm-1366.png` });
    await dialog.getByRole('button', { name: 'Pagar R$ 150,00' }).click();
    await expect(page.getByRole('dialog', { name: 'Sucesso!' })).toBeVisible();
    await closeDialog(page);
    await expect(page).toHaveURL(/\/especialista\/agendamentos$/);
    await expect(
      page
        .getByRole('row', { name: /Sala Ipê/ })
        .filter({ hasText: firstHours[0]! })
        .first(),
    ).toBeVisible();
  });
});

test.describe('phone, 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('a specialist books from the bottom bar and the sheet, and swipes through the photos', async ({
    page,
  }) => {
    const first = weekdayAhead(11, await appToday(page));
    const second = weekdayAfter(first);
    await signInByApi(page, demo.specialist);
    await openFromSearch(page, first);

    // Something to book above the fold: the bar with the price and "Reservar".
    const bar = page.getByRole('region', { name: 'Horários livres' });
    await expect(bar.getByRole('button', { name: 'Reservar' })).toBeInViewport();
    await expect(bar).toContainText('R$ 50,00/hora');
    expect(await fitsTheScreen(page)).toBe(true);
    await expectAccessible(page);
    await keepScreen(page, { path: `${shots}/room-top-390.png` });
    const help = page.getByRole('link', { name: 'Ajuda pelo WhatsApp' });
    const [barBox, helpBox] = [await bar.boundingBox(), await help.boundingBox()];
    if (barBox && helpBox)
      test.info().annotations.push({
        type: 'floating-buttons',
        description: `bar top ${barBox.y}, help bottom ${helpBox.y + helpBox.height}`,
      });

    // The photos: a swipe moves to the next one.
    await page.getByRole('button', { name: /^Ampliar a foto 1 de \d+$/ }).click();
    const viewer = page.getByRole('dialog', { name: 'Fotos da sala' });
    const photo = viewer.getByRole('img', { name: /^Sala Ipê — foto 1 de \d+$/ });
    const box = (await photo.boundingBox())!;
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + box.width * 0.8, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.2, y, { steps: 5 });
    await page.mouse.up();
    const secondPhoto = viewer.getByRole('img', { name: /^Sala Ipê — foto 2 de \d+$/ });
    await expect(secondPhoto).toBeVisible();
    await expect
      .poll(() => secondPhoto.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0))
      .toBe(true);
    await keepScreen(page, { path: `${shots}/room-viewer-390.png` });
    await viewer.getByRole('button', { name: 'Fechar' }).click();

    const sheet = await bookingPanel(page);
    await pickDay(sheet, first);
    const firstHours = await pickFreeHours(sheet, 1);
    await pickDay(sheet, second);
    const secondHours = await pickFreeHours(sheet, 1);
    await expect(sheet.getByText('Total: R$ 100,00')).toBeVisible();
    await expect(dayButton(sheet, first)).toHaveAccessibleName(/, 1 horário escolhido$/);
    expect(await fitsTheScreen(page)).toBe(true);
    await expectAccessible(page);
    await keepScreen(page, { path: `${shots}/room-sheet-390.png` });
    await reserve(sheet);

    const dialog = await expectConfirmStep(
      page,
      [
        [first, [oneHour(firstHours[0]!)]],
        [second, [oneHour(secondHours[0]!)]],
      ],
      'R$ 100,00',
    );
    expect(await fitsTheScreen(page)).toBe(true);
    await keepScreen(page, { path: `${shots}/room-confirm-390.png` });
    await dialog.getByRole('button', { name: 'Pagar R$ 100,00' }).click();
    await expect(page.getByRole('dialog', { name: 'Sucesso!' })).toBeVisible();
    await closeDialog(page);
    await expect(page).toHaveURL(/\/especialista\/agendamentos$/);
  });
});

test('the room page fits every width from 360 to 1366 px, with something to book in view', async ({
  page,
}) => {
  await page.goto('/rooms?search=pinheiros');
  await page.getByRole('link', { name: /Sala Ipê — Vida Plena Pinheiros/ }).click();
  for (const width of [360, 390, 768, 800, 1024, 1366]) {
    await page.setViewportSize({ width, height: 800 });
    const booking = page.getByRole('region', { name: 'Horários livres' });
    await expect(booking.getByRole('button', { name: 'Reservar' })).toBeInViewport();
    expect(await fitsTheScreen(page), `${width} px`).toBe(true);
  }
});
