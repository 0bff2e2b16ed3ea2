import { expectNoSidewaysScroll } from './support/room-page.ts';
import { keepScreen } from './support/screens.ts';
import { demo, expectAccessible, signInByApi, signInToApi } from './support/session.ts';
import { expect, type Page, type Request, test } from './support/test.ts';

const shots = 'test-results/screens';

interface Pending {
  booking_uuid: string;
  room: { uuid: string; name: string };
}

/**
 * The room page's review of this comment. The section's list is below the fold: it is asked for only
 * once the section nears the screen (here: the rating line under the room's name is followed to it).
 */
async function roomReview(page: Page, roomUuid: string, comment: string) {
  const asked: string[] = [];
  const listen = (request: Request) => {
    if (request.url().includes(`/api/rooms/${roomUuid}/reviews`)) asked.push(request.url());
  };
  page.on('request', listen);
  await page.goto(`/rooms/${roomUuid}`);
  const line = page.getByRole('link', { name: /^Nota \d,\d de 5 · \d+ avaliaç(ão|ões)$/ });
  await expect(line).toBeVisible();
  expect(asked, 'a lista de avaliações antes de a seção chegar perto da tela').toEqual([]);
  await line.click();
  const review = page
    .getByRole('region', { name: 'Avaliações' })
    .getByRole('listitem')
    .filter({ hasText: comment });
  await expect(review).toBeVisible();
  page.off('request', listen);
  return review;
}

test('a specialist reviews a finished booking, the partner replies and the operator hides it', async ({
  page,
  browser,
  request,
}) => {
  // One of the demo specialist's finished bookings open to review (the demo leaves her some), and
  // the demo partner whose room it is.
  await page.setViewportSize({ width: 390, height: 844 });
  await signInByApi(page, demo.specialist, undefined, '/especialista/avaliacoes');
  const token = await page.evaluate(() => localStorage.getItem('salas.token'));
  const pending = (
    await (
      await page.request.get('/api/customer/reviews/pending', {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()
  ).data as Pending[];
  let booking: Pending | undefined;
  let owner: string | undefined;
  for (const email of [demo.partner, demo.partner2]) {
    const { headers } = await signInToApi(request, email);
    const rooms = (
      (await (await request.get('/api/partner/rooms', { headers })).json()).data as { uuid: string }[]
    ).map((r) => r.uuid);
    booking = pending.find((p) => rooms.includes(p.room.uuid));
    owner = email;
    if (booking) break;
  }
  expect(booking, 'uma reserva terminada para avaliar numa sala de um parceiro de demonstração').toBeTruthy();
  const { room } = booking!;

  // The list of bookings to review, then the form of that one (a phone's width).
  await expect(page.getByRole('heading', { name: 'Avaliações', level: 1 })).toBeVisible();
  await page.locator(`a[href="/especialista/avaliacoes/${booking!.booking_uuid}"]`).click();
  await expect(page.getByRole('heading', { name: 'Avaliar a sala', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Enviar avaliação' }).click();
  await expect(page.getByText('Escolha de 1 a 5 estrelas.')).toBeVisible();
  // The stars are a radio group: the keyboard chooses.
  await page.getByRole('radio', { name: '3 estrelas' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: '4 estrelas' })).toBeChecked();
  const comment = `Sala limpa e silenciosa, recepção atenciosa (${Date.now().toString(36)}).`;
  await page.getByLabel('Comentário (opcional)').fill(comment);
  await expect(page.getByText(`${comment.length}/2.000`)).toBeVisible();
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);
  await keepScreen(page, { path: `${shots}/review-form-390.png`, fullPage: true });
  await page.getByRole('button', { name: 'Enviar avaliação' }).click();
  await expect(page.getByText('Obrigado pela avaliação!')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Sua avaliação' }).getByText(comment)).toBeVisible();

  // On the room page, newest first, with the specialist's first name.
  const review = await roomReview(page, room.uuid, comment);
  await expect(review.getByRole('img', { name: '4 de 5 estrelas' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await keepScreen(page, { path: `${shots}/room-reviews-390.png`, fullPage: true });

  // The partner answers it from the reviews of its rooms, once (a computer's width).
  const partnerContext = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const partner = await partnerContext.newPage();
  await signInByApi(partner, owner!, undefined, '/parceiro/avaliacoes?mostrar=sem-resposta');
  const item = partner.getByRole('listitem').filter({ hasText: comment });
  const reply = 'Obrigada pela visita! Esperamos você de novo.';
  await item.getByRole('button', { name: 'Responder' }).click();
  await item.getByLabel('Sua resposta').fill(reply);
  await item.getByRole('button', { name: 'Enviar resposta' }).click();
  await expect(item.getByText('Resposta da clínica')).toBeVisible();
  await expect(item.getByText(reply)).toBeVisible();
  await expect(item.getByLabel('Sua resposta')).toHaveCount(0);
  await expectAccessible(partner);
  await keepScreen(partner, { path: `${shots}/partner-reviews-1366.png`, fullPage: true });
  await partnerContext.close();

  const answered = await roomReview(page, room.uuid, comment);
  await expect(answered.getByText('Resposta da clínica')).toBeVisible();
  await expect(answered.getByText(reply)).toBeVisible();

  // The operator hides it with a reason; it leaves the room page.
  const deskContext = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const desk = await deskContext.newPage();
  await signInByApi(desk, demo.owner, undefined, '/admin/gestao/avaliacoes');
  const listed = desk.getByRole('listitem').filter({ hasText: comment });
  await listed.getByRole('button', { name: 'Ocultar' }).click();
  const dialog = desk.getByRole('dialog', { name: 'Ocultar avaliação' });
  await dialog.getByRole('button', { name: 'Ocultar avaliação' }).click();
  await expect(dialog.getByText('Informe o motivo.')).toBeVisible();
  await dialog.getByLabel('Motivo').fill('Menciona dados pessoais de um paciente.');
  await dialog.getByRole('button', { name: 'Ocultar avaliação' }).click();
  await expect(dialog).toBeHidden();
  await expect(listed.getByText('Oculta', { exact: true })).toBeVisible();
  await desk.getByText('Ocultas', { exact: true }).click();
  await expect(desk).toHaveURL(/mostrar=ocultas/);
  await expect(desk.getByRole('listitem').filter({ hasText: comment })).toBeVisible();
  await expectAccessible(desk);
  await keepScreen(desk, { path: `${shots}/desk-reviews-1366.png`, fullPage: true });
  await deskContext.close();

  // Gone from the room page: the section lists the room's other reviews, or is not there without any.
  const left = (await (await page.request.get(`/api/rooms/${room.uuid}`)).json()).data.rating_count as number;
  await page.goto(`/rooms/${room.uuid}`);
  const section = page.getByRole('region', { name: 'Avaliações' });
  if (left > 0) {
    await section.scrollIntoViewIfNeeded();
    await expect(section.getByRole('listitem').first()).toBeVisible();
  } else await expect(page.getByRole('heading', { name: room.name, level: 1 })).toBeVisible();
  await expect(section).toHaveCount(left > 0 ? 1 : 0);
  await expect(page.getByText(comment)).toHaveCount(0);
});
