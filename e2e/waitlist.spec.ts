import { appToday, isoDate, weekdayAhead } from './support/dates.ts';
import { waitForMail } from './support/mail.ts';
import {
  bookingPanel,
  expectNoSidewaysScroll,
  pickDay,
  pickFreeHours,
  reserve,
} from './support/room-page.ts';
import { keepScreen } from './support/screens.ts';
import { closeDialog, demo, expectAccessible, signInByApi } from './support/session.ts';
import { expect, type Page, test } from './support/test.ts';

const shots = 'test-results/screens';

async function openRoom(page: Page, day: Date) {
  await page.goto(`/rooms?search=pinheiros&date=${isoDate(day)}`);
  await page.getByRole('link', { name: /Sala Ipê — Vida Plena Pinheiros/ }).click();
  await expect(page.getByRole('heading', { name: 'Sala Ipê', level: 1 })).toBeVisible();
  const panel = await bookingPanel(page);
  await pickDay(panel, day);
  return panel;
}

test('a specialist waits for a taken hour, is mailed when it frees up, and books it from the offer', async ({
  page: waiter,
  browser,
}) => {
  const day = weekdayAhead(20, await appToday(waiter));
  // Someone else holds an hour of that day.
  const holderContext = await browser.newContext();
  const holder = await holderContext.newPage();
  await signInByApi(holder, demo.specialist2);
  const holderPanel = await openRoom(holder, day);
  const [hour] = await pickFreeHours(holderPanel, 1);
  await reserve(holderPanel);
  const confirm = holder.getByRole('dialog', { name: 'Confirmar reserva' });
  await confirm.getByRole('button', { name: /^Pagar R\$/ }).click();
  await expect(holder.getByRole('dialog', { name: 'Sucesso!' })).toBeVisible();
  await closeDialog(holder);

  // Mariana sees it taken and joins the waitlist for it.
  await signInByApi(waiter, demo.specialist);
  const panel = await openRoom(waiter, day);
  await expect(panel.getByRole('checkbox', { name: `${hour} ocupado` })).toBeDisabled();
  await panel.getByRole('button', { name: 'Avise-me se vagar' }).click();
  await panel.getByRole('combobox', { name: 'De' }).click();
  await waiter.getByRole('option', { name: hour!, exact: true }).click();
  // The end follows the start: one hour after it.
  const end = `${String(Number(hour!.slice(0, 2)) + 1).padStart(2, '0')}:00`;
  await expect(panel.getByRole('combobox', { name: 'Até' })).toHaveValue(end);
  await panel.getByRole('button', { name: 'Entrar na lista de espera' }).click();
  await expect(
    waiter.getByText('Pronto! Avisaremos por e-mail se um horário desse período vagar.'),
  ).toBeVisible();
  await expectAccessible(waiter);
  await keepScreen(waiter, { path: `${shots}/waitlist-join-desktop.png` });

  // The holder cancels: the hour is held for Mariana, who is told by mail with the link.
  const since = Date.now() - 1000;
  // (Through the API from the holder's page: their list holds weeks of demo bookings.)
  const canceled = await holder.evaluate(
    async ({ date, time }) => {
      const token = localStorage.getItem('salas.token');
      const xsrf = decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(document.cookie)?.[1] ?? '');
      const headers = {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'x-xsrf-token': xsrf,
      };
      const list = await fetch('/api/customer/appointments?page=1', {
        method: 'POST',
        headers,
        body: JSON.stringify({ dateInit: date, dateEnd: date }),
      }).then((r) => r.json());
      const mine = list.data.find(
        (a: { date_time: string; status: string; room: { name: string } }) =>
          a.room.name === 'Sala Ipê' && a.status === 'confirmed' && a.date_time.slice(11, 16) === time,
      );
      const res = await fetch(`/api/customer/appointment/${mine.uuid}/cancel`, {
        method: 'POST',
        headers,
        body: '{}',
      });
      return res.status;
    },
    { date: isoDate(day), time: hour! },
  );
  expect(canceled).toBe(200);
  const [link] = await waitForMail(demo.specialist, /https?:\/\/\S+oferta=[0-9a-f-]{36}/, since);
  await waiter.goto(new URL(link!).pathname + new URL(link!).search);
  const offer = waiter.getByRole('region', { name: 'Lista de espera: horário guardado para você' });
  await expect(offer.getByText('Horário guardado para você', { exact: true })).toBeVisible();
  await expect(offer.getByText(/^Guardado para você até \d\d:\d\d/)).toBeVisible();
  await expectAccessible(waiter);
  await keepScreen(waiter, { path: `${shots}/waitlist-offer-desktop.png`, fullPage: true });
  await offer.getByRole('button', { name: 'Pagar com cartão' }).click();
  await expect(waiter.getByText('Horário reservado! Você recebeu a confirmação por e-mail.')).toBeVisible();
  await expect(offer.getByText('Reservado')).toBeVisible();
  await waiter.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(waiter);
  await keepScreen(waiter, { path: `${shots}/waitlist-offer-phone.png`, fullPage: true });
  await holderContext.close();
});
