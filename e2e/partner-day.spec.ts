import { appToday, isoDate } from './support/dates.ts';
import { waitForMail } from './support/mail.ts';
import { expectNoSidewaysScroll } from './support/room-page.ts';
import { keepScreen } from './support/screens.ts';
import { demo, expectAccessible, signInByApi } from './support/session.ts';
import { expect, type Page, test } from './support/test.ts';

/**
 * The partner's day (issue 31): the agenda is a calendar — a week with every booking and block at
 * its hour, a day with a column per room — and a booking made by phone is recorded from it for
 * someone off the platform, who is mailed; the partner opens it and cancels it. Sala Movimento is
 * used by no other journey.
 */
const ROOM = 'Sala Movimento';
const pad = (n: number) => String(n).padStart(2, '0');

async function bearer(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('salas.token'));
  expect(token).toBeTruthy();
  return { authorization: `Bearer ${token}` };
}

/** The room's uuid, and a day 9+ days ahead with two free hours in a row and a third one after them. */
async function freeStretch(page: Page) {
  const rooms = await page.request.get('/api/partner/rooms', { headers: await bearer(page) });
  const room = ((await rooms.json()).data as { uuid: string; name: string }[]).find((r) => r.name === ROOM);
  expect(room, ROOM).toBeTruthy();
  const today = await appToday(page);
  for (let ahead = 9; ahead < 30; ahead++) {
    const d = new Date(today.getFullYear(), today.getMonth(), today.getDate() + ahead);
    const res = await page.request.get(`/api/customer/room/${room!.uuid}/availability/${isoDate(d)}`);
    const slots = (await res.json()).data.slots as { date_time: string; available: boolean }[];
    const free = new Set(slots.filter((s) => s.available).map((s) => Number(s.date_time.slice(11, 13))));
    for (const h of [...free].sort((a, b) => a - b))
      if (h >= 8 && h <= 17 && free.has(h + 1) && free.has(h + 3))
        return { room: room!.uuid, day: d, ahead, hour: h };
  }
  throw new Error(`${ROOM}: nenhum trecho livre nas próximas semanas`);
}

test('the week shows a block and a booking from outside recorded from the day view; the partner opens and cancels it', async ({
  page,
}) => {
  await signInByApi(page, demo.partner);
  await expect(page).toHaveURL(/\/parceiro\/gestao\/agendamentos$/);
  await expect(page.getByRole('group', { name: 'Calendário da agenda' })).toBeVisible();
  const { room, day, ahead, hour } = await freeStretch(page);
  const iso = isoDate(day);

  // A block of the fourth hour, made beforehand: the calendar shows it hatched at its hour.
  const block = await page.request.post('/api/partner/bulkblocking', {
    headers: { ...(await bearer(page)), 'x-xsrf-token': 'x', cookie: 'XSRF-TOKEN=x' },
    data: {
      room_uuid: [room],
      starts_at: `${iso}T${pad(hour + 3)}:00:00-03:00`,
      ends_at: `${iso}T${pad(hour + 4)}:00:00-03:00`,
      reason: 'Dedetização',
    },
  });
  expect(block.status(), await block.text()).toBeLessThan(300);

  // Only Sala Movimento, the day view, and on to that day.
  await page
    .getByRole('combobox', { name: 'Sala' })
    .or(page.getByRole('textbox', { name: 'Sala' }))
    .first()
    .click();
  await page.getByRole('option', { name: ROOM, exact: true }).click();
  await page.getByText('Dia', { exact: true }).click();
  await expect(page).toHaveURL(/vista=dia/);
  for (let i = 0; i < ahead; i++) await page.getByRole('button', { name: 'Próximo dia' }).click();
  await expect(page.getByText(new RegExp(`${pad(day.getDate())}/${pad(day.getMonth() + 1)}$`))).toBeVisible();

  // A patient who phoned: two hours, with an e-mail that gets the invitation. The free hour tapped
  // in the calendar offers to record it, with the room, the day and the hour already chosen.
  const email = `paciente.${Date.now().toString(36)}@exemplo.com.br`;
  await page.getByRole('button', { name: `Horário livre: ${ROOM}, ${pad(hour)}:00` }).click();
  await page
    .getByRole('dialog', {
      name: new RegExp(`${pad(day.getDate())}/${pad(day.getMonth() + 1)} · ${pad(hour)}:00$`),
    })
    .getByRole('button', { name: 'Registrar reserva de fora' })
    .click();
  const form = page.getByRole('dialog', { name: 'Reserva de fora da plataforma' });
  await expect(
    form
      .getByRole('textbox', { name: 'Sala' })
      .or(form.getByRole('combobox', { name: 'Sala' }))
      .first(),
  ).toHaveValue(new RegExp(ROOM));
  const start = form
    .getByRole('textbox', { name: 'Início' })
    .or(form.getByRole('combobox', { name: 'Início' }))
    .first();
  await expect(start).toHaveValue(`${pad(hour)}:00`);
  // It offers only the room's free hours of that day (open, not taken, not the blocked one).
  const slots = await page.request.get(`/api/partner/room/${room}/availability/${iso}`, {
    headers: await bearer(page),
  });
  const free = ((await slots.json()).data.slots as { date_time: string; available: boolean }[])
    .filter((x) => x.available)
    .map((x) => x.date_time.slice(11, 16));
  expect(free).not.toContain(`${pad(hour + 3)}:00`);
  await start.click();
  await expect(page.getByRole('listbox').getByRole('option')).toHaveText(free);
  await page.keyboard.press('Tab');
  const length = form
    .getByRole('textbox', { name: 'Duração' })
    .or(form.getByRole('combobox', { name: 'Duração' }))
    .first();
  await length.click();
  await page.getByRole('option', { name: '2 h', exact: true }).click();
  await form.getByLabel(/^Nome de quem vai usar a sala/).fill('Beatriz Telefone');
  await form.getByLabel(/^E-mail/).fill(email);
  await form.getByLabel(/^Observação/).fill('Marcou pelo WhatsApp');
  await expectAccessible(page);
  const since = Date.now() - 1000;
  await form.getByRole('button', { name: 'Reservar horário' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByText('Reserva registrada.')).toBeVisible();
  // (The mail folder's quoted-printable is read byte by byte: accented letters are two characters.)
  await waitForMail(email, /reservou .{0,20}para voc.{1,12}Sala Movimento/, since);

  const item = page.getByRole('button', {
    name: new RegExp(`^${pad(hour)}:00–${pad(hour + 1)}:00, ${ROOM}, Beatriz Telefone`),
  });
  await expect(item).toBeVisible();
  await expect(page.getByRole('img', { name: /^Bloqueado: Sala Movimento.*Dedetização/ })).toBeVisible();

  // The week of that day: the same booking and the block, each at its hour.
  await page.getByText('Semana', { exact: true }).click();
  await expect(page).toHaveURL(/vista=semana/);
  await expect(item).toBeVisible();
  await expect(page.getByRole('img', { name: /^Bloqueado: Sala Movimento.*Dedetização/ })).toBeVisible();
  await expectAccessible(page);
  await keepScreen(page, { path: 'test-results/screens/agenda-week-desktop.png', fullPage: true });

  // Opened: who, the note, no money; the tapped hour canceled after a choice naming both, and the
  // person is told.
  await item.click();
  const detail = page.getByRole('dialog', { name: `${ROOM} · ${pad(hour)}:00` });
  await expect(detail.getByText('Reserva de fora da plataforma (sem pagamento pela Salas)')).toBeVisible();
  await expect(detail.getByText('Marcou pelo WhatsApp')).toBeVisible();
  await expect(detail.getByText(email)).toBeVisible();
  await expectAccessible(page);
  const canceledSince = Date.now() - 1000;
  await detail.getByRole('button', { name: 'Cancelar esta reserva' }).click();
  const cancel = page.getByRole('dialog', { name: 'Cancelar reserva de fora' });
  const dm = `${pad(day.getDate())}/${pad(day.getMonth() + 1)}`;
  await expect(
    cancel.getByText(`Reserva de Beatriz Telefone: ${dm} ${pad(hour)}:00–${pad(hour + 2)}:00.`),
  ).toBeVisible();
  await expect(cancel.getByRole('button', { name: 'Cancelar os 2 horários' })).toBeVisible();
  await cancel.getByRole('button', { name: `Só ${pad(hour)}:00–${pad(hour + 1)}:00` }).click();
  await expect(
    page.getByText(
      `Horário ${pad(hour)}:00–${pad(hour + 1)}:00 cancelado. A reserva continua com ${dm} ${pad(hour + 1)}:00–${pad(hour + 2)}:00.`,
    ),
  ).toBeVisible();
  await expect(item).toBeHidden();
  await waitForMail(email, /cancelou o hor/, canceledSince);
  // The second hour is still held, and still shown.
  await expect(
    page.getByRole('button', {
      name: new RegExp(`^${pad(hour + 1)}:00–${pad(hour + 2)}:00, ${ROOM}, Beatriz Telefone`),
    }),
  ).toBeVisible();

  // On a phone the day view fits the screen; the week scrolls inside its own box.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByText('Dia', { exact: true }).click();
  await expect(page.getByRole('group', { name: 'Calendário da agenda' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await keepScreen(page, { path: 'test-results/screens/agenda-day-phone.png', fullPage: true });
  await page.getByText('Semana', { exact: true }).click();
  await expectNoSidewaysScroll(page);
  // Every chip of the week shows its start whole and names itself in a tooltip; a tap opens it.
  const calendar = page.getByRole('group', { name: 'Calendário da agenda' });
  const chips = calendar.locator('[data-chip]');
  await expect(chips.first()).toBeVisible();
  const unreadable = await chips.evaluateAll((els) =>
    els
      .map((el) => {
        const start = el.querySelector<HTMLElement>('.salas-chip-start');
        return {
          title: el.getAttribute('title') ?? '',
          start: start?.textContent ?? '',
          cut: start ? start.scrollWidth > start.clientWidth : true,
        };
      })
      .filter((c) => c.cut || !/^\d\d:\d\d$/.test(c.start) || c.title.length < 10),
  );
  expect(unreadable).toEqual([]);
  await keepScreen(page, { path: 'test-results/screens/agenda-week-phone.png', fullPage: true });
  const second = page.getByRole('button', {
    name: new RegExp(`^${pad(hour + 1)}:00–${pad(hour + 2)}:00, ${ROOM}, Beatriz Telefone`),
  });
  await second.click();
  await expect(page.getByRole('dialog', { name: `${ROOM} · ${pad(hour + 1)}:00` })).toBeVisible();
  await page.keyboard.press('Escape');
  // The colour key names every colour, the canceled one too.
  await expect(page.getByRole('list', { name: 'Legenda das cores' }).getByText('Cancelada')).toBeVisible();
});
