/**
 * The rooms' map (issue 45, DESIGN §10 "Where rooms are") at a phone's and a computer's width: the
 * map's code and tiles arrive only when "Mapa" is pressed, its price markers show, a marker opens
 * its rooms' card, moving the map and "Buscar nesta área" narrows the list to the view, and "Perto
 * de mim" with a stubbed location sorts the list by distance ("a … km" on the cards). The tiles are
 * a grey square served here: no journey reaches the network. Only reads the demo (São Paulo's two
 * clinics: Bela Vista, three rooms; Pinheiros, 2,6 km to the west, two).
 */
import zlib from 'node:zlib';
import { expectNoSidewaysScroll } from './support/room-page.ts';
import { keepScreen } from './support/screens.ts';
import { expectAccessible } from './support/session.ts';
import { expect, type Page, test } from './support/test.ts';

/** A 256 px grey PNG, built here (a tile's size). */
function greyTile(): Buffer {
  const table = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const b of bytes) c = table[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(256, 0);
  header.writeUInt32BE(256, 4);
  header[8] = 8; // 8 bits, grey (colour type 0)
  const rows = Buffer.alloc(257 * 256, 0xdd);
  for (let y = 0; y < 256; y++) rows[y * 257] = 0;
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
const tile = greyTile();

const count = (page: Page) => page.getByText(/^\d+ salas? encontradas?$/);

/** The map's tiles and code, counted; the tiles answered with the grey square. */
async function watchMap(page: Page) {
  const seen = { tiles: 0, code: 0 };
  await page.route(/^https:\/\/tile\.openstreetmap\.org\//, (route) => {
    seen.tiles++;
    return route.fulfill({ contentType: 'image/png', body: tile });
  });
  page.on('request', (request) => {
    if (/\/assets\/(leaflet-map|rooms-map)[^/]*\.js$/.test(request.url())) seen.code++;
  });
  return seen;
}

async function journey(page: Page, phone: boolean) {
  const tag = phone ? '390' : '1366';
  const seen = await watchMap(page);
  await page.goto('/rooms?search=S%C3%A3o+Paulo&campo=city');
  await expect(count(page)).toHaveText('5 salas encontradas');
  // The first visit loads none of the map.
  expect(seen).toEqual({ tiles: 0, code: 0 });

  // On a phone "Lista" / "Mapa" swaps them; on a computer "Mapa" puts it beside the list.
  if (phone)
    await page.getByRole('group', { name: 'Ver as salas em' }).getByRole('button', { name: 'Mapa' }).click();
  else await page.getByRole('button', { name: 'Mapa', exact: true, pressed: false }).click();
  const map = page.getByRole('region', { name: 'Mapa das salas' });
  const markers = map.getByRole('button', { name: /a partir de R\$/ });
  await expect(markers).toHaveCount(2);
  await expect(map.getByRole('button', { name: /Sala Ipê.*a partir de R\$\s50 por hora$/ })).toHaveText(
    /R\$\s50 · 2/,
  );
  expect(seen.code).toBeGreaterThan(0);
  await expect.poll(() => seen.tiles).toBeGreaterThan(0);
  const firstRoom = page.locator('a[href^="/rooms/"][aria-label]').first();
  await expect(firstRoom).toBeVisible({ visible: !phone });

  // A marker opens its rooms' card, each room a link to its page.
  await map.getByRole('button', { name: /Consultório Jardim/ }).click();
  await expect(map.getByText('3 salas aqui')).toBeVisible();
  await expect(map.getByRole('link', { name: 'Sala Movimento' })).toHaveAttribute(
    'href',
    /^\/rooms\/[0-9a-f-]{36}/,
  );
  await expectAccessible(page);
  await keepScreen(page, { path: `test-results/screens/map-card-${tag}.png` });
  await map.getByRole('button', { name: 'Fechar' }).click();

  // Dragged to the west: Pinheiros (the western place) leaves the view, Bela Vista stays.
  await expect(map.getByRole('button', { name: 'Buscar nesta área' })).toHaveCount(0);
  // From near the map's top (the part in view at both widths), clear of the markers in its middle.
  await map.scrollIntoViewIfNeeded();
  const box = (await map.boundingBox())!;
  const y = box.y + 90;
  await page.mouse.move(box.x + box.width * 0.7, y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.5, y, { steps: 4 });
  await page.mouse.move(box.x + box.width * 0.28, y, { steps: 4 });
  // Held still before letting go: no inertia carries the map on after the release.
  await page.waitForTimeout(300);
  await page.mouse.up();
  await map.getByRole('button', { name: 'Buscar nesta área' }).click();
  await expect(page).toHaveURL(/[?&]area=-23\.\d+%2C-46\.\d+%2C-23\.\d+%2C-46\.\d+/);
  await expect(count(page)).toHaveText('3 salas encontradas');
  await expect(markers).toHaveCount(1);
  await expectNoSidewaysScroll(page);

  // "Perto de mim": the location the browser gives (near Avenida Paulista), nearest first.
  await page.getByRole('button', { name: 'Perto de mim' }).click();
  await expect(page).toHaveURL(/[?&]perto=-23\.5614%2C-46\.66(&|$)/);
  await expect(page).not.toHaveURL(/[?&](area|search)=/);
  await expect(page.getByRole('combobox', { name: 'Ordenar por' })).toHaveValue('distance');
  await expect(page.getByText('Salas mais próximas de você')).toBeVisible();
  if (phone)
    await page.getByRole('group', { name: 'Ver as salas em' }).getByRole('button', { name: 'Lista' }).click();
  const cards = page.locator('a[href^="/rooms/"][aria-label]');
  // Bela Vista's rooms (0,4 km) before Pinheiros' (2,2 km), the rest farther.
  await expect(cards.nth(0)).toContainText(/a \d{3} m/);
  await expect(cards.nth(3)).toContainText('a 2,2 km');
  await expect(cards.nth(5)).toContainText(/a \d+(,\d)? km/);
  await keepScreen(page, { path: `test-results/screens/map-near-${tag}.png` });
  await expectNoSidewaysScroll(page);
}

test.use({ geolocation: { latitude: -23.5614, longitude: -46.66 }, permissions: ['geolocation'] });

test.describe('desktop', () => {
  test.use({ viewport: { width: 1366, height: 900 } });
  test('1366 px: the map beside the list, a marker’s card, "Buscar nesta área" and "Perto de mim"', async ({
    page,
  }) => {
    await journey(page, false);
  });
});

test.describe('phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test('390 px: "Lista" / "Mapa", the same', async ({ page }) => {
    await journey(page, true);
  });
});
