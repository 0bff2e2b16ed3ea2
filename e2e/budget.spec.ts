import zlib from 'node:zlib';
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

test('a first visit to /rooms and to a room page downloads at most 200 KB of gzipped JavaScript', async ({
  browser,
  request,
}) => {
  const xsrf = { cookie: 'XSRF-TOKEN=budget-check', 'x-xsrf-token': 'budget-check' };
  const search = await request.post('/api/customer/room/genericsearch', { data: {}, headers: xsrf });
  const rooms = await search.json();
  for (const path of ['/rooms', `/rooms/${rooms.data[0].uuid}`]) {
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
  const xsrf = { cookie: 'XSRF-TOKEN=budget-check', 'x-xsrf-token': 'budget-check' };
  const rooms = await (
    await request.post('/api/customer/room/genericsearch', { data: {}, headers: xsrf })
  ).json();
  const first = rooms.data[0] as { uuid: string; name: string };
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
