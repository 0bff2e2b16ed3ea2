import zlib from 'node:zlib';
import { xsrfHeaders } from './support/session.ts';
import { expect, test } from './support/test.ts';

/** The JavaScript budget of a first visit to the public pages (issue "prove it holds"). */
const BUDGET_KB = 200;

async function firstVisitJs(page: import('@playwright/test').Page, path: string) {
  const bodies: Promise<Buffer>[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script') bodies.push(res.body());
  });
  await page.goto(path, { waitUntil: 'networkidle' });
  const scripts = await Promise.all(bodies);
  const gzipKb = scripts.reduce((sum, s) => sum + zlib.gzipSync(s, { level: 9 }).length, 0) / 1024;
  return { count: scripts.length, gzipKb };
}

/** The rooms of the list's first page, as the API answers them. */
async function listedRooms(request: import('@playwright/test').APIRequestContext) {
  const search = await request.post('/api/customer/room/genericsearch', {
    data: {},
    headers: await xsrfHeaders(request),
  });
  return (await search.json()).data as { uuid: string; name: string }[];
}

test('a first visit to /rooms and to a room page downloads at most 200 KB of gzipped JavaScript', async ({
  browser,
  request,
}) => {
  const rooms = await listedRooms(request);
  for (const path of ['/rooms', `/rooms/${rooms[0]!.uuid}`]) {
    const context = await browser.newContext();
    const { count, gzipKb } = await firstVisitJs(await context.newPage(), path);
    expect(count, path).toBeGreaterThan(0);
    expect(gzipKb, `${path}: ${gzipKb.toFixed(0)} KB`).toBeLessThanOrEqual(BUDGET_KB);
    await context.close();
  }
});

test('the public pages read without JavaScript: heading, rooms and prices are in the HTML', async ({
  browser,
  request,
}) => {
  const first = (await listedRooms(request))[0]!;
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  for (const [path, heading, shows] of [
    ['/', 'Salas por hora para profissionais da saúde', first.name],
    ['/rooms', 'Salas para alugar', first.name],
    [`/rooms/${first.uuid}`, first.name, 'Sobre a sala'],
    ['/salas/sao-paulo', 'Salas por hora em São Paulo', 'Bairros'],
  ] as const) {
    const answer = await page.goto(path);
    expect(answer?.status(), path).toBe(200);
    await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(heading);
    await expect(page.getByText(shows).first(), path).toBeVisible();
    await expect(page.getByText('Carregando...'), path).toHaveCount(0);
    // As a phone first draws it, before any script: the header's phone search, nothing sideways.
    for (const width of [360, 390, 768, 1366]) {
      await page.setViewportSize({ width, height: 800 });
      const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(wide, `${path} at ${width} px`).toBeLessThanOrEqual(0);
      await expect(page.getByRole('button', { name: 'Buscar salas' }), `${path} at ${width} px`).toBeVisible({
        visible: width < 770,
      });
    }
    await page.setViewportSize({ width: 1280, height: 720 });
  }
  await context.close();
});

test('hours are picked on a room page without JavaScript, on a computer and on a phone', async ({
  browser,
  request,
}) => {
  const room = `/rooms/${(await listedRooms(request))[0]!.uuid}`;
  for (const width of [1366, 390]) {
    const phone = width < 992;
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width, height: 800 } });
    const page = await context.newPage();
    await page.goto(room);
    // On a phone the bar's "Reservar" shows the sheet the server drew (the address's #horarios).
    if (phone)
      await page
        .getByRole('region', { name: 'Horários livres' })
        .getByRole('button', { name: 'Reservar' })
        .click();
    const panel = () => page.locator(phone ? '#horarios' : '.salas-booking-card');
    await expect(panel()).toBeVisible();
    // Each tap loads the page with the choice in its address.
    await panel().getByRole('link', { name: 'Próximo mês' }).click();
    await expect(page).toHaveURL(/[?&]mes=/);
    await panel()
      .getByRole('link', { name: /, com horários livres$/ })
      .first()
      .click();
    await expect(page).toHaveURL(/[?&]dia=/);
    const hour = panel()
      .getByRole('checkbox', { name: /^\d\d:\d\d livre$/ })
      .first();
    const name = await hour.getAttribute('aria-label');
    await hour.click();
    await expect(page).toHaveURL(/[?&]h=/);
    await expect(panel().getByRole('checkbox', { name: name ?? '' })).toHaveAttribute('aria-checked', 'true');
    await expect(panel().getByText(/^Total: R\$\s\d/)).toBeVisible();
    await expect(panel().getByText('1 horário escolhido')).toBeVisible();
    // Booking needs the scripts (sign-in, card or Pix): its buttons are drawn off and the page says so.
    await expect(panel().getByRole('button', { name: 'Reservar', exact: true })).toBeDisabled();
    await expect(panel().getByRole('button', { name: 'Repetir horários' })).toBeDisabled();
    await expect(panel().getByText(/^Para reservar ou repetir horários, ative o JavaScript/)).toBeVisible();
    const picked = page.url();
    // Letting go works the same way: the picked day's ×.
    await panel()
      .getByRole('button', { name: /^Remover / })
      .click();
    await expect(page).not.toHaveURL(/[?&]h=/);
    await expect(panel().getByRole('checkbox', { name: name ?? '' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    await context.close();

    // The same address once the page runs: the hour stays picked (and on a phone its sheet opens).
    const running = await browser.newContext({ viewport: { width, height: 800 } });
    const tab = await running.newPage();
    await tab.goto(picked);
    await tab.waitForSelector('html[data-ready]');
    const live = phone
      ? tab.getByRole('dialog', { name: 'Horários livres' })
      : tab.locator('.salas-booking-card');
    await expect(live.getByRole('checkbox', { name: name ?? '' })).toHaveAttribute('aria-checked', 'true');
    await expect(live.getByText(/^Total: R\$\s\d/)).toBeVisible();
    await expect(live.getByRole('button', { name: 'Reservar', exact: true })).toBeEnabled();
    await expect(live.getByText(/ative o JavaScript/)).toBeHidden();
    await running.close();
  }
});
