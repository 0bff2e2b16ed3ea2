import { appToday, isoDate, weekdayAhead } from './support/dates.ts';
import { bookingPanel, pickDay, pickHours } from './support/room-page.ts';
import { keepScreen } from './support/screens.ts';
import { demo, expectAccessible, signInByApi } from './support/session.ts';
import { expect, type Locator, type Page, test } from './support/test.ts';

/**
 * The room page at every size (issue 32 item 4, docs/decisions/0043-pagina-da-sala.md): at
 * 1366×768 the booking card holds every action in view with nothing scrolling inside it; on a
 * 390 px phone the bar and the sheet; the floating help buttons over none of them; two photos side
 * by side with no blank band; an unknown room's page leading back to search. The room is
 * Consultório Jardim (Espaço Vida Plena Paulista, two demo photos), which no other journey opens;
 * hours are only picked here, never booked.
 */
const shots = 'test-results/screens';
const ROOM = /Consultório Jardim — Espaço Vida Plena Paulista/;

/** Opens the room from a search and answers its uuid. */
async function openRoom(page: Page): Promise<string> {
  await page.goto('/rooms?search=Consult%C3%B3rio%20Jardim');
  await page.getByRole('link', { name: ROOM }).first().click();
  await expect(page.getByRole('heading', { name: 'Consultório Jardim', level: 1 })).toBeVisible();
  return new URL(page.url()).pathname.split('/')[2]!;
}

/**
 * A weekday ahead with two free hours in a row and a taken one (so "Avise-me se vagar" shows),
 * read from the room's public availability.
 */
async function dayWithTakenHour(page: Page, uuid: string): Promise<{ day: Date; hours: string[] }> {
  const today = await appToday(page);
  for (let ahead = 2; ahead < 30; ahead++) {
    const day = weekdayAhead(ahead, today);
    const answer = await page.request.get(`/api/customer/room/${uuid}/availability/${isoDate(day)}`);
    const slots = ((await answer.json()).data?.slots ?? []) as { date_time: string; available: boolean }[];
    if (!slots.some((s) => !s.available)) continue;
    const i = slots.findIndex(
      (s, k) =>
        s.available &&
        slots[k + 1]?.available &&
        Date.parse(slots[k + 1]!.date_time) - Date.parse(s.date_time) === 3_600_000,
    );
    if (i >= 0) return { day, hours: [slots[i]!, slots[i + 1]!].map((s) => s.date_time.slice(11, 16)) };
  }
  throw new Error('Consultório Jardim: nenhum dia com horário ocupado e dois livres seguidos');
}

/** The element's centre is in the window and shows the element itself (nothing over it). */
async function expectInViewAndUncovered(target: Locator, name: string) {
  const where = await target.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const x = r.left + r.width / 2;
    const y = r.top + r.height / 2;
    const inside =
      r.top >= 0 && r.left >= 0 && r.bottom <= window.innerHeight && r.right <= window.innerWidth;
    const hit = inside ? document.elementFromPoint(x, y) : null;
    const over = hit && !(hit === el || el.contains(hit) || hit.contains(el)) ? hit : null;
    return {
      inside,
      over: over ? `${over.tagName.toLowerCase()}.${String(over.className).split(' ')[0]}` : '',
      floating: Boolean(over?.closest('.salas-floating')),
    };
  });
  expect(where.inside, `${name}: inside the window`).toBe(true);
  expect(where.over, `${name}: nothing over it`).toBe('');
}

/** The floating help buttons' boxes cross none of `targets`. */
async function expectFloatingClearOf(page: Page, targets: Locator[]) {
  const floating = await page.locator('.salas-floating a').evaluateAll((els) =>
    els.map((e) => {
      const r = e.getBoundingClientRect();
      return { top: r.top, left: r.left, bottom: r.bottom, right: r.right };
    }),
  );
  expect(floating.length).toBeGreaterThan(0);
  for (const target of targets) {
    const box = (await target.boundingBox())!;
    for (const f of floating) {
      const crosses =
        f.left < box.x + box.width && f.right > box.x && f.top < box.y + box.height && f.bottom > box.y;
      expect(crosses, `a floating button over ${await target.textContent()}`).toBe(false);
    }
  }
}

test.describe('desktop, 1366×768', () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test('the card holds every action in view, clear of the floating buttons; two photos side by side', async ({
    page,
  }) => {
    await signInByApi(page, demo.specialist);
    const uuid = await openRoom(page);

    // Two photos: one row, the same height, nothing under them.
    const tiles = page.getByRole('button', { name: /^Ampliar a foto \d de 2$/ });
    await expect(tiles).toHaveCount(2);
    const [a, b] = [(await tiles.nth(0).boundingBox())!, (await tiles.nth(1).boundingBox())!];
    expect(Math.abs(a.y - b.y)).toBeLessThan(1);
    expect(Math.abs(a.height - b.height)).toBeLessThan(1);
    const gallery = (await page.locator('.salas-gallery').boundingBox())!;
    expect(gallery.height - a.height, 'no blank band under the photos').toBeLessThan(2);
    for (const img of await page.locator('.salas-gallery img').all()) {
      await expect(img).toHaveAttribute('width', /\d+/);
      await expect(img).toHaveAttribute('height', /\d+/);
    }

    const { day, hours } = await dayWithTakenHour(page, uuid);
    const card = await bookingPanel(page);
    await pickDay(card, day);
    await pickHours(card, ...hours);
    await expect(card.getByText('2 horários escolhidos')).toBeVisible();

    const actions: [string, Locator][] = [
      ['Avise-me se vagar', card.getByRole('button', { name: 'Avise-me se vagar' })],
      ['Repetir toda semana por', card.getByRole('combobox', { name: 'Repetir toda semana por' })],
      ['Repetir horários', card.getByRole('button', { name: 'Repetir horários' })],
      ['Tornar horário fixo', card.getByRole('button', { name: 'Tornar horário fixo' })],
      ['Limpar seleção', card.getByRole('button', { name: 'Limpar seleção' })],
      ['Reservar', card.getByRole('button', { name: 'Reservar', exact: true })],
    ];
    // Nothing scrolls inside the card: what it holds is as tall as it is.
    const body = card.locator('.salas-booking-card-body');
    const { scrollHeight, clientHeight } = await body.evaluate((e) => ({
      scrollHeight: e.scrollHeight,
      clientHeight: e.clientHeight,
    }));
    expect(scrollHeight, 'the card does not scroll inside').toBeLessThanOrEqual(clientHeight + 1);
    for (const [name, action] of actions) {
      await expect(action, name).toBeVisible();
      await expectInViewAndUncovered(action, name);
    }
    await expectFloatingClearOf(page, [card]);
    await expectAccessible(page);
    await keepScreen(page, { path: `${shots}/room-layout-1366x768.png` });
  });
});

test.describe('phone, 390×844', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the bar and the sheet clear of the floating buttons; an unknown room leads back to search', async ({
    page,
  }) => {
    await signInByApi(page, demo.specialist);
    const uuid = await openRoom(page);
    const { day, hours } = await dayWithTakenHour(page, uuid);

    const sheet = await bookingPanel(page);
    await pickDay(sheet, day);
    await pickHours(sheet, ...hours);
    for (const name of ['Avise-me se vagar', 'Repetir horários', 'Tornar horário fixo', 'Limpar seleção']) {
      const action = sheet.getByRole('button', { name });
      await action.scrollIntoViewIfNeeded();
      await expectInViewAndUncovered(action, name);
    }
    await expectInViewAndUncovered(sheet.getByRole('button', { name: 'Reservar', exact: true }), 'Reservar');
    await keepScreen(page, { path: `${shots}/room-layout-sheet-390.png` });
    await sheet.getByRole('button', { name: 'Fechar' }).click();
    await expect(sheet).toBeHidden();

    // The bar says the total; the floating buttons sit above it, at the top and at the end of the page.
    const bar = page.getByRole('region', { name: 'Horários livres' });
    await expect(bar).toContainText('2 horários escolhidos');
    const reserve = bar.getByRole('button', { name: 'Reservar' });
    for (const end of [false, true]) {
      await page.evaluate((atEnd) => window.scrollTo(0, atEnd ? document.body.scrollHeight : 0), end);
      await expectInViewAndUncovered(reserve, 'Reservar (bar)');
      await expectFloatingClearOf(page, [bar]);
    }
    await keepScreen(page, { path: `${shots}/room-layout-390.png` });

    // An unknown room, and a malformed address: the not-found page with the way back.
    for (const path of ['/rooms/00000000-0000-4000-8000-000000000000', '/rooms/nao-existe']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'Sala não encontrada', level: 1 })).toBeVisible();
      await expect(page.getByText('Esta sala não existe ou não está mais disponível.')).toBeVisible();
      await expect(page.getByText('Recurso não encontrado')).toHaveCount(0);
    }
    await expectAccessible(page);
    await keepScreen(page, { path: `${shots}/room-not-found-390.png` });
    await page.getByRole('link', { name: 'Ver salas disponíveis' }).click();
    await expect(page).toHaveURL(/\/rooms$/);
  });
});
