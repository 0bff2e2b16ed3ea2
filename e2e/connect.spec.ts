import { keepScreen } from './support/screens.ts';
import { demo, expectAccessible, signInByApi, signInToApi } from './support/session.ts';
import { expect, type Page, test } from './support/test.ts';

/**
 * A partner connects Mercado Pago (DESIGN §9 "Partners connect Mercado Pago", decision 0035): the
 * sandbox's authorization page approves at once, the payment settings say connected, and a booking
 * made afterwards in one of the partner's rooms shows in Repasses as paid by Mercado Pago. Camila
 * (Integrare, Curitiba) is the demo partner no other journey uses, so her switch to split changes
 * nothing elsewhere.
 */
const camila = { email: 'camila@integrare.test', name: 'Camila Duarte' };

const monthName = (iso: string) =>
  new Intl.DateTimeFormat('pt-BR', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${iso.slice(0, 7)}-15T12:00:00Z`),
  );

async function pickMonth(page: Page, iso: string) {
  const target = page.getByRole('button', { name: monthName(iso), exact: true });
  await page.getByRole('button', { name: 'Mês', exact: true }).click();
  // The picker first, then its months: looking before it opened would step past the year.
  await expect(page.getByRole('button', { name: /próximo/i })).toBeVisible();
  for (let i = 0; i < 3 && !(await target.isVisible()); i++)
    await page.getByRole('button', { name: /próximo/i }).click();
  await target.click();
}

test('a partner connects Mercado Pago and sees the next booking of her rooms paid by Mercado Pago in Repasses', async ({
  page,
  playwright,
  baseURL,
}) => {
  await signInByApi(page, camila.email, undefined, '/parceiro/configuracoes/dados-pagamento');
  const block = page.getByRole('region', { name: 'Receber pelo Mercado Pago' });
  await expect(block.getByText('Não conectado')).toBeVisible();
  await expectAccessible(page);
  await block.getByRole('button', { name: 'Conectar Mercado Pago' }).click();
  // The sandbox authorizes at once and sends the browser back to the settings.
  await expect(page).toHaveURL(/\/parceiro\/configuracoes\/dados-pagamento/);
  await expect(block.getByText('Conectado', { exact: true })).toBeVisible();
  await expect(block.getByText(/^Conta .+, conectada desde/)).toBeVisible();
  await keepScreen(page, { path: 'test-results/screens/mercadopago-connected.png', fullPage: true });

  // A specialist books one hour of a Camila room, with the saved card, once she is connected.
  const request = await playwright.request.newContext({ baseURL });
  const me = await signInToApi(request, demo.specialist2);
  const found = await request.post('/api/customer/room/genericsearch', {
    headers: me.headers,
    data: { search: 'Integrare' },
  });
  const room = (await found.json()).data.find((r: { clinic?: { name: string } }) =>
    r.clinic?.name?.startsWith('Integrare'),
  );
  expect(room, 'a room of Integrare').toBeDefined();
  const card = (
    await (await request.get(`/api/customer/card/${me.user.uuid}`, { headers: me.headers })).json()
  ).data[0];
  // Next month's first two weeks: few lines yet, so the new one is easy to find in Repasses.
  const next = new Date();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const days = Array.from({ length: 14 }, (_, k) =>
    new Date(next.getTime() + k * 86_400_000).toISOString().slice(0, 10),
  );
  const free = await request.post(`/api/customer/room/${room.uuid}/availability`, {
    headers: me.headers,
    data: { dateBulk: days },
  });
  const slot = (await free.json()).data
    .flatMap((d: { slots: { date_time: string; available: boolean }[] }) => d.slots)
    .find((s: { available: boolean }) => s.available);
  expect(slot, 'a free hour in the next two weeks').toBeDefined();
  const booked = await request.post('/api/customer/appointment/bulk', {
    headers: me.headers,
    data: {
      room_uuid: room.uuid,
      date_times: [slot.date_time],
      payment_method: 'card',
      card_uuid: card.uuid,
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  await request.dispose();

  // Camila's Repasses: that hour is paid by Mercado Pago, not waiting for a payout.
  await page.goto('/parceiro/repasses');
  await expect(page.getByRole('heading', { name: 'Repasses', level: 1 })).toBeVisible();
  await pickMonth(page, slot.date_time);
  await page
    .getByRole('textbox', { name: 'Sala' })
    .or(page.getByRole('combobox', { name: 'Sala' }))
    .click();
  await page.getByRole('option', { name: room.name, exact: true }).click();
  const when = `${slot.date_time.slice(8, 10)}/${slot.date_time.slice(5, 7)}`;
  const hour = slot.date_time.slice(11, 16);
  const line = page
    .getByRole('row', { name: new RegExp(`${when}.*${hour}`) })
    .or(page.getByRole('article').filter({ hasText: when }).filter({ hasText: hour }))
    .first();
  // The chosen month's lines first: the month shown before stays on screen while they load, and
  // paging through it would leave the list on a later page of the new month.
  await expect(
    page.getByRole('row', { name: new RegExp(`^\\d\\d/${slot.date_time.slice(5, 7)}/`) }).first(),
  ).toBeVisible();
  // Fifty lines a page (a busy month has several): look at each, from the first.
  const pages = await page.getByRole('button', { name: /^Página \d+$/ }).count();
  for (let p = 1; p <= pages; p++) {
    await page.getByRole('button', { name: `Página ${p}`, exact: true }).click();
    if (
      await line.waitFor({ timeout: 2_000 }).then(
        () => true,
        () => false,
      )
    )
      break;
  }
  await expect(line).toContainText('Pago pelo Mercado Pago');
  await expectAccessible(page);
});
