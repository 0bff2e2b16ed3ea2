import { decodeQr } from '../server/test/qr.ts';
import { appToday, calendarLabel, isoDate, nextWeekday, weekdayAhead } from './support/dates.ts';
import { bookingPanel, pickDay as pickCalendarDay, reserve, showDay } from './support/room-page.ts';
import { keepScreen } from './support/screens.ts';
import { closeDialog, demo, expectAccessible, signInAs, signInByApi } from './support/session.ts';
import { expect, type Page, test } from './support/test.ts';

/** The next weekday at least two days after the app's today. */
const nextBusinessDay = async (page: Page) => weekdayAhead(2, await appToday(page));

async function pickDay(page: Page, d: Date) {
  const section = await bookingPanel(page);
  await pickCalendarDay(section, d);
  return section;
}

/** The Monday after the app's today. */
const nextMonday = async (page: Page) => nextWeekday(1, await appToday(page));

const iso = isoDate;

test('a visitor searches “pinheiros” for next Monday, books 09:00–11:00 for four Mondays with the saved card, and the partner sees it', async ({
  page,
}) => {
  const monday = await nextMonday(page);
  await page.goto('/');
  await page.getByRole('link', { name: 'Ver salas disponíveis' }).click();
  // The home page has its own header, shown until the room list's code has loaded: type into the
  // room list's search bar, not the one leaving.
  await expect(page.getByRole('heading', { name: 'Salas para alugar', level: 1 })).toBeVisible();
  await page.getByRole('textbox', { name: 'Onde?' }).fill('pinheiros');
  // The calendar loads on this first tap, and opens (e2e/on-demand-parts.spec.ts).
  await page.getByRole('button', { name: 'Quando?' }).click();
  await expect(page.getByRole('button', { name: 'Próximo mês' }).first()).toBeVisible();
  await showDay(page, monday);
  await page.getByRole('button', { name: calendarLabel(monday), exact: true }).click();
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/rooms\\?.*search=pinheiros.*date=${iso(monday)}`));
  // The list drawn before the search links the room without the day: wait for the searched one.
  const room = page.getByRole('link', { name: /^Sala de Grupo — / });
  await expect(room).toHaveAttribute('href', new RegExp(`date=${iso(monday)}`));
  await room.click();

  // The room page opens on the searched day, the search kept.
  await expect(page).toHaveURL(new RegExp(`search=pinheiros&date=${iso(monday)}`));
  const section = await bookingPanel(page);
  await section.getByText('09:00', { exact: true }).click();
  await section.getByText('10:00', { exact: true }).click();
  await section.getByLabel('Repetir toda semana por').selectOption({ label: 'mais 3 semanas' });
  await section.getByRole('button', { name: 'Repetir horários' }).click();
  await expect(section.getByText('6 horários adicionados.')).toBeVisible();
  await expect(section.getByText('8 horários escolhidos')).toBeVisible();
  await expect(section.getByText('Total: R$ 960,00')).toBeVisible();
  await keepScreen(page, { path: 'test-results/screens/room-repeat-desktop.png', fullPage: true });

  // A visitor's "Reservar" asks to sign in; back on the room, the confirm step is open.
  await reserve(section);
  await signInAs(page, demo.specialist, undefined, page.url());
  const back = await bookingPanel(page);
  await expect(back.getByText('8 horários escolhidos')).toBeVisible();
  const dialog = page.getByRole('dialog', { name: 'Confirmar reserva' });
  await expect(dialog.getByRole('list', { name: 'Datas e horários' }).getByRole('listitem')).toHaveCount(4);
  await expect(dialog.getByText(/4242/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Pagar R$ 960,00' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Sucesso!' }).getByText('Reserva efetuada com sucesso.'),
  ).toBeVisible();
  await closeDialog(page);

  await expect(page).toHaveURL(/\/especialista\/agendamentos$/);
  // One row for the booking: its four Mondays, 09:00–11:00 each (the fourth said as "e mais 1 dia").
  const mine = page.getByRole('row', { name: /Sala de Grupo/ });
  await expect(mine).toHaveCount(1);
  await expect(mine).toContainText('09:00–11:00');
  await expect(mine).toContainText('e mais 1 dia');

  // The partner sees them in the agenda, and subscribes to it in a calendar app.
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await signInByApi(page, demo.partner, undefined, '/parceiro/gestao/agendamentos?vista=lista');
  await page
    .getByRole('textbox', { name: 'Período' })
    .or(page.getByRole('button', { name: 'Período' }))
    .click();
  await showDay(page, monday);
  await page.getByRole('button', { name: calendarLabel(monday), exact: true }).click();
  await page.getByRole('button', { name: calendarLabel(monday), exact: true }).click();
  const rows = page.getByRole('row', { name: /Sala de Grupo/ }).filter({ hasText: 'Mariana Costa' });
  await expect(rows).toHaveCount(2);
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Gerar link da agenda' }).click();
  const link = await page.getByRole('textbox', { name: 'Link da agenda' }).inputValue();
  const feed = await page.request.get(link);
  expect(feed.headers()['content-type']).toContain('text/calendar');
  expect((await feed.text()).match(/SUMMARY:Sala de Grupo — Mariana Costa/g)).toHaveLength(8);
  await keepScreen(page, { path: 'test-results/screens/agenda-desktop.png', fullPage: true });
});

test('a visitor picks slots, signs in, comes back to the same selection, pays by card and sees the booking; the decline card books nothing', async ({
  page,
}) => {
  await page.goto('/rooms?search=Corcovado');
  await page.getByRole('link', { name: /^Sala Corcovado — / }).click();
  const section = await pickDay(page, await nextBusinessDay(page));
  await section.getByText('14:00', { exact: true }).click();
  await section.getByText('15:00', { exact: true }).click();
  await expect(section.getByText('2 horários escolhidos')).toBeVisible();
  await expect(section.getByText('Total: R$ 120,00')).toBeVisible();
  await reserve(section);
  await expect(page).toHaveURL(/\/signin\?redirect=/);

  await signInAs(page, demo.specialist2, undefined, page.url());
  await expect(page).toHaveURL(/\/rooms\/[0-9a-f-]+\?.*h=/);
  const back = await bookingPanel(page);
  await expect(back.getByText('2 horários escolhidos')).toBeVisible();

  // Back with the confirm step open. The decline card: nothing is booked.
  const dialog = page.getByRole('dialog', { name: 'Confirmar reserva' });
  await dialog.getByLabel('Usar um novo cartão').check();
  await dialog.getByLabel('Número do cartão').fill('4000 0000 0000 0002');
  await dialog.getByLabel('Nome impresso no cartão').fill('Lucas Ferreira');
  await dialog.getByLabel('Mês').fill('12');
  await dialog.getByLabel('Ano').fill('2031');
  await dialog.getByLabel('CVV').fill('123');
  await dialog.getByRole('button', { name: 'Pagar R$ 120,00' }).click();
  // Declined when saved (422): the bank said no — said in the modal with SPEC's card message and
  // Pix offered, and beside the number; no card joins the list.
  const refusal = dialog.getByRole('alert');
  await expect(refusal).toContainText('Cartão recusado pelo banco');
  await expect(refusal).toContainText(
    'O banco emissor não aprovou este cartão. Verifique se os dados do cartão estão corretos!',
  );
  await expect(refusal.getByRole('button', { name: 'Pagar com Pix' })).toBeVisible();
  await expect(dialog.getByLabel('Número do cartão')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByText(/•••• 0002/)).toHaveCount(0);

  // A good card.
  await dialog.getByLabel('Usar um novo cartão').check();
  await dialog.getByLabel('Número do cartão').fill('4242 4242 4242 4242');
  await dialog.getByRole('button', { name: 'Pagar R$ 120,00' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Sucesso!' }).getByText('Reserva efetuada com sucesso.'),
  ).toBeVisible();
  await closeDialog(page);

  await expect(page).toHaveURL(/\/especialista\/agendamentos$/);
  const row = page.getByRole('row', { name: /Sala Corcovado/ }).filter({ hasText: '14:00' });
  await expect(row.getByText('Confirmada')).toBeVisible();
  await expectAccessible(page);

  await row.getByRole('button', { name: 'Cancelar' }).click();
  await expect(page.getByText('Cancelamento gratuito: o valor será devolvido integralmente.')).toBeVisible();
  // The dialog still opening (it scales in) can move its button from under the click, which then
  // lands on the overlay and closes it: click once it has settled.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  await page.getByRole('dialog').getByRole('button', { name: 'Cancelar reserva' }).click();
  await expect(page.getByText(/Reserva cancelada\./)).toBeVisible();
  await expect(
    page
      .getByRole('row', { name: /Sala Corcovado/ })
      .filter({ hasText: '14:00' })
      .getByText('Cancelada'),
  ).toBeVisible();
});

test('a partner books another clinic’s room with Pix, sees the copia e cola and the countdown, and simulates the payment', async ({
  page,
}) => {
  await signInByApi(page, demo.partner);
  await page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Novo Agendamento' })
    .click();
  await page.getByRole('textbox', { name: 'Onde?' }).fill('Botafogo');
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
  await page.getByRole('link', { name: /^Sala Pão de Açúcar — / }).click();
  const section = await pickDay(page, await nextBusinessDay(page));
  await section.getByText('16:00', { exact: true }).click();
  await reserve(section);
  const dialog = page.getByRole('dialog', { name: 'Confirmar reserva' });
  await dialog.getByText('Pix', { exact: true }).click();
  await dialog.getByRole('button', { name: 'Pagar R$ 70,00' }).click();
  const pix = page.getByRole('dialog', { name: 'Pague com Pix para confirmar' });
  await expect(pix.getByLabel('Pix copia e cola')).toHaveValue(/^000201.*6304[0-9A-F]{4}$/);
  // The QR image is what a bank app reads: it decodes to the same copia e cola.
  const qr = await pix
    .getByRole('img', { name: 'QR Code do Pix para pagar no app do banco' })
    .getAttribute('src');
  const decoded = await decodeQr(Buffer.from(qr!.replace('data:image/png;base64,', ''), 'base64'));
  expect(decoded).toBe(await pix.getByLabel('Pix copia e cola').inputValue());
  await expect(pix.getByRole('timer')).toContainText(/expira às \d\d:\d\d \(faltam 1[45] minutos\)/);
  await expect(page.getByText('Reserva efetuada com sucesso.')).toHaveCount(0);
  await expectAccessible(page);
  await pix.getByRole('button', { name: 'Simular pagamento' }).click();
  await expect(pix.getByText('Pagamento recebido')).toBeVisible();
});

test('a specialist keeps a profile with photo, data, address and saved cards; a declined card is not saved', async ({
  page,
}) => {
  await signInByApi(page, demo.specialist);
  await page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Meu perfil' })
    .click();
  await expect(page.getByLabel(/^Nome completo/)).toHaveValue('Mariana Costa');
  await expect(page.getByText(/VISA •••• 4242/)).toBeVisible();
  await page.getByLabel(/^Profissão/).fill('Psicóloga clínica');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByRole('dialog', { name: 'Sucesso!' })).toBeVisible();
  await closeDialog(page);
  await expectAccessible(page);

  // A declined card is refused when saved (422): said in the card form, and the list stays as it was.
  await page.getByRole('button', { name: 'Adicionar cartão' }).click();
  await page.getByLabel('Número do cartão').fill('4000 0000 0000 0002');
  await page.getByLabel('Nome impresso no cartão').fill('Mariana Costa');
  await page.getByLabel('Mês').fill('11');
  await page.getByLabel('Ano').fill('2032');
  await page.getByLabel('CVV').fill('321');
  await page.getByRole('button', { name: 'Salvar cartão' }).click();
  const refusal = page.getByRole('alert').filter({ hasText: 'Algo deu errado ao salvar cartão' });
  await expect(refusal).toContainText('Verifique se os dados do cartão estão corretos!');
  await expect(page.getByLabel('Número do cartão')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(/•••• \d{4}/)).toHaveCount(1);
  await expectAccessible(page);

  // A second card: made the default, then removed after a confirmation; the first is the default again.
  await page.getByLabel('Número do cartão').fill('5555 5555 5555 4444');
  await page.getByRole('button', { name: 'Salvar cartão' }).click();
  await expect(page.getByText(/•••• 4444/)).toBeVisible();
  await page.getByRole('button', { name: 'Tornar padrão o cartão final 4444' }).click();
  await expect(page.getByText('O cartão final 4444 agora é o padrão.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Tornar padrão o cartão final 4242' })).toBeVisible();
  await page.getByRole('button', { name: 'Remover cartão final 4444' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remover cartão?' });
  await expect(confirm).toContainText('•••• 4444');
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Remover cartão' }).click();
  await expect(page.getByText('Cartão final 4444 removido.')).toBeVisible();
  await expect(page.getByText(/•••• \d{4}/)).toHaveCount(1);
  await expect(page.getByRole('button', { name: /Tornar padrão/ })).toHaveCount(0);
});

test('canceling one hour of an unpaid Pix booking cancels all of its hours, and the specialist is told so', async ({
  page,
}) => {
  await signInByApi(page, demo.specialist2, undefined, '/rooms?search=Corcovado');
  await page.getByRole('link', { name: /^Sala Corcovado — / }).click();
  const day = await nextBusinessDay(page);
  day.setDate(day.getDate() + 1);
  while (day.getDay() === 0 || day.getDay() === 6) day.setDate(day.getDate() + 1);
  const section = await pickDay(page, day);
  await section.getByText('17:00', { exact: true }).click();
  await section.getByText('18:00', { exact: true }).click();
  await reserve(section);
  const dialog = page.getByRole('dialog', { name: 'Confirmar reserva' });
  await dialog.getByText('Pix', { exact: true }).click();
  await dialog.getByRole('button', { name: /^Pagar R\$/ }).click();
  const pix = page.getByRole('dialog', { name: 'Pague com Pix para confirmar' });
  await expect(pix.getByRole('timer')).toBeVisible();
  await pix.getByRole('button', { name: 'Fechar' }).last().click();

  await expect(page).toHaveURL(/\/especialista\/agendamentos$/);
  // One row for the booking's two hours.
  const rows = page.getByRole('row', { name: /Sala Corcovado/ }).filter({ hasText: /1[78]:00/ });
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Aguardando pagamento');
  await rows.filter({ hasText: '17:00' }).getByRole('button', { name: 'Cancelar' }).click();
  await expect(page.getByText('todos os horários dela serão cancelados juntos')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancelar reserva' }).click();
  await expect(
    page.getByText(
      'Reserva cancelada. A reserva ainda não foi paga: todos os horários dela foram cancelados juntos.',
    ),
  ).toBeVisible();
  await expect(rows.filter({ hasText: 'Cancelada' })).toHaveCount(1);
  await expect(rows).toContainText('Sem cobrança');
});
