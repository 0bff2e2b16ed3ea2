/**
 * Rooms that go live when ready, and addresses from the CEP (issue 31, decision 0038): a partner
 * sets up a clinic whose address ViaCEP fills (stubbed: the journeys never reach it), makes a room
 * that stays a draft until its checklist is done, previews it, publishes it, finds it in search,
 * and takes it back to a draft.
 */

import sharp from 'sharp';
import { expectNoSidewaysScroll } from './support/room-page.ts';
import { keepScreen } from './support/screens.ts';
import { demo, expectAccessible, signInByApi } from './support/session.ts';
import { expect, type Page, test } from './support/test.ts';

test.describe.configure({ mode: 'serial' });

const suffix = Date.now().toString(36);
const clinicName = `Clínica Ipê Paulista ${suffix}`;
const roomName = `Sala Manacá ${suffix}`;
let clinicUuid = '';
let roomUrl = '';

const paulista = {
  cep: '01310-100',
  logradouro: 'Avenida Paulista',
  complemento: 'de 1047 a 1865 - lado ímpar',
  bairro: 'Bela Vista',
  localidade: 'São Paulo',
  uf: 'SP',
  ibge: '3550308',
  gia: '1004',
  ddd: '11',
  siafi: '7107',
};

/** ViaCEP as the journeys see it: Avenida Paulista, an unknown CEP, and nothing else. */
async function stubViaCep(page: Page) {
  await page.route('https://viacep.com.br/**', (route) => {
    const url = route.request().url();
    if (url.endsWith('/ws/01310100/json/')) return route.fulfill({ json: paulista });
    if (url.endsWith('/ws/99999999/json/')) return route.fulfill({ json: { erro: true } });
    return route.abort('connectionrefused');
  });
}

async function shoot(page: Page, name: string) {
  await keepScreen(page, { path: `test-results/screens/${name}.png`, fullPage: true });
}

/** The UF select shows its two letters, wide enough to read them. */
async function expectUfShown(page: Page, uf: string) {
  const select = page.getByRole('combobox', { name: 'UF' });
  await expect(select).toHaveValue(uf);
  const box = await select.boundingBox();
  expect(box?.width ?? 0).toBeGreaterThanOrEqual(72);
}

test('the CEP fills the clinic address from ViaCEP; the UF shows at 1366 and 390 px', async ({ page }) => {
  await stubViaCep(page);
  await page.setViewportSize({ width: 1366, height: 900 });
  await signInByApi(page, demo.partner, undefined, '/parceiro/gestao/clinicas/nova');
  await page.getByLabel(/^Nome/).fill(clinicName);
  await page.getByLabel('Descrição').fill('Consultórios a dois quarteirões do metrô.');
  await page.getByRole('button', { name: 'Salvar e continuar' }).click();
  await expect(page).toHaveURL(/\/parceiro\/gestao\/clinicas\/[0-9a-f-]{36}\?etapa=endereco/);
  clinicUuid = page.url().split('?')[0]!.split('/').at(-1)!;

  // An unknown CEP says so and leaves the fields to type.
  const cep = page.getByLabel(/^CEP/);
  await cep.pressSequentially('99999999');
  await expect(page.getByText('CEP não encontrado. Confira o número ou preencha o endereço.')).toBeVisible();
  await expect(page.getByLabel(/^Rua/)).toHaveValue('');

  // A known one fills street, neighbourhood, city and UF, and the number is next.
  await cep.fill('');
  await cep.pressSequentially('01310100');
  await expect(page.getByText('Endereço preenchido pelo CEP. Confira e informe o número.')).toBeVisible();
  await expect(page.getByLabel(/^Rua/)).toHaveValue('Avenida Paulista');
  await expect(page.getByLabel(/^Bairro/)).toHaveValue('Bela Vista');
  await expect(page.getByLabel(/^Cidade/)).toHaveValue('São Paulo');
  await expectUfShown(page, 'SP');
  await expect(page.getByRole('textbox', { name: 'Número', exact: true })).toBeFocused();
  await page.getByRole('textbox', { name: 'Número', exact: true }).fill('1578');

  // Choosing SP again keeps SP (it used to clear the box); the list names the states.
  const uf = page.getByRole('combobox', { name: 'UF' });
  await uf.click();
  await page.getByRole('option', { name: 'SP — São Paulo' }).click();
  await expectUfShown(page, 'SP');
  await uf.click();
  await page.getByRole('option', { name: 'SP — São Paulo' }).click();
  await expectUfShown(page, 'SP');
  await expectAccessible(page);
  await shoot(page, 'address-cep-desktop');

  await page.setViewportSize({ width: 390, height: 844 });
  await expectUfShown(page, 'SP');
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await shoot(page, 'address-cep-phone');
  await page.setViewportSize({ width: 1366, height: 900 });

  await page.getByRole('button', { name: 'Salvar e continuar' }).click();
  await expect(page.getByText('Endereço e telefone salvos.')).toBeVisible();
  // Open every day, 07:00–22:00.
  await page.getByLabel('Segunda', { exact: true }).check();
  await page.getByRole('combobox', { name: 'Segunda — Abre' }).fill('07:00');
  await page.getByRole('combobox', { name: 'Segunda — Fecha' }).fill('22:00');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Copiar o horário de Segunda para todos os dias' }).click();
  await page.getByRole('button', { name: 'Salvar e continuar' }).click();
  await expect(page.getByText('Horário de funcionamento salvo.')).toBeVisible();

  // Saved: the editor shows it again, and the CEP is not asked again on opening.
  await page.goto(`/parceiro/gestao/clinicas/${clinicUuid}?etapa=endereco`);
  await expect(page.getByLabel(/^Rua/)).toHaveValue('Avenida Paulista');
  await expectUfShown(page, 'SP');
  await expect(page.getByText(/Endereço preenchido pelo CEP/)).toHaveCount(0);
});

test('a new room is a draft until its checklist is done; previewed, published, found, taken back', async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signInByApi(page, demo.partner, undefined, `/parceiro/gestao/salas/nova?clinica=${clinicUuid}`);
  await page.getByLabel(/^Nome/).fill(roomName);
  await page.getByLabel('Descrição').fill('Sala clara.');
  await page.getByLabel(/^Preço por hora/).fill('95');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText(`Sala “${roomName}” criada como rascunho.`, { exact: false })).toBeVisible();
  await expect(page).toHaveURL(/\/parceiro\/gestao\/salas\/[0-9a-f-]{36}$/);
  roomUrl = page.url();
  const roomUuid = roomUrl.split('/').at(-1)!;

  // The checklist: hours (the clinic's) and price done; a photo and a longer description missing.
  const publishing = page.locator('div.mantine-Paper-root', {
    has: page.getByRole('heading', { name: 'Publicação' }),
  });
  const checklist = publishing.getByRole('list', { name: 'Para publicar' });
  await expect(publishing.getByText('Rascunho', { exact: true })).toBeVisible();
  await expect(checklist.getByRole('listitem').filter({ hasText: 'Pelo menos uma foto' })).toContainText(
    '(falta)',
  );
  await expect(checklist.getByRole('listitem').filter({ hasText: 'Horário de funcionamento' })).toContainText(
    '(feito)',
  );
  await expect(checklist.getByRole('listitem').filter({ hasText: 'Preço por hora' })).toContainText(
    '(feito)',
  );
  await expect(checklist.getByRole('listitem').filter({ hasText: 'Descrição com pelo menos' })).toContainText(
    '(falta)',
  );
  const publish = publishing.getByRole('button', { name: 'Publicar' });
  await expect(publish).toBeDisabled();
  await expectAccessible(page);
  await shoot(page, 'room-draft-desktop');

  // Not in search, not even for its partner.
  await page.goto(`/rooms?search=${encodeURIComponent(roomName)}`);
  await expect(page.getByText('Nenhuma sala encontrada com esses filtros.', { exact: false })).toBeVisible();
  await page.goto(roomUrl);

  // The description: unsaved, leaving asks first; "Salvar" keeps it.
  await page
    .getByLabel('Descrição')
    .fill('Sala clara com maca elétrica, pia, ar-condicionado e janela para a Avenida Paulista.');
  const saveBar = page.getByRole('region', { name: 'Salvar alterações da sala' });
  await expect(saveBar.getByText('Alterações não salvas')).toBeVisible();
  await expect(publishing.getByText('Salve as alterações antes de publicar.')).toBeVisible();
  // The bar stays at the bottom of the window; the help button sits above it, covering nothing.
  await keepScreen(page, { path: 'test-results/screens/room-unsaved-desktop.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);
  await keepScreen(page, { path: 'test-results/screens/room-unsaved-phone.png' });
  await page.setViewportSize({ width: 1366, height: 900 });
  await page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Clínicas' })
    .click();
  const leave = page.getByRole('dialog', { name: 'Sair sem salvar?' });
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Continuar editando' }).click();
  await expect(page).toHaveURL(roomUrl);
  await saveBar.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Alterações salvas.')).toBeVisible();
  await expect(checklist.getByRole('listitem').filter({ hasText: 'Descrição com pelo menos' })).toContainText(
    '(feito)',
  );
  await expect(publish).toBeDisabled();

  // A photo is saved as it is sent; then everything is done.
  const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#7a5c3b' } })
    .jpeg()
    .toBuffer();
  await page
    .locator('div.mantine-Paper-root', { has: page.getByRole('heading', { name: 'Fotos da sala' }) })
    .locator('input[type="file"]')
    .setInputFiles({ name: 'manaca.jpg', mimeType: 'image/jpeg', buffer: jpeg });
  await expect(checklist.getByRole('listitem').filter({ hasText: 'Pelo menos uma foto' })).toContainText(
    '(feito)',
  );
  await expect(publish).toBeEnabled();

  // The preview: the public page as visitors will see it, marked as such and not bookable.
  const [preview] = await Promise.all([
    page.waitForEvent('popup'),
    publishing.getByRole('link', { name: 'Pré-visualizar' }).click(),
  ]);
  await expect(preview.getByRole('heading', { name: roomName, level: 1 })).toBeVisible();
  await expect(preview.getByText('Pré-visualização', { exact: true })).toBeVisible();
  await expect(preview.getByText(/janela para a Avenida Paulista/)).toBeVisible();
  await expect(
    preview.getByText('Pré-visualização: a sala recebe reservas depois de publicada.'),
  ).toBeVisible();
  await expectAccessible(preview);
  await keepScreen(preview, { path: 'test-results/screens/room-preview-desktop.png', fullPage: true });
  // On a phone the preview opens its hours too, and its "Reservar" stays off.
  await preview.setViewportSize({ width: 390, height: 844 });
  await expect(preview.getByText('Pré-visualização', { exact: true })).toBeVisible();
  await expectNoSidewaysScroll(preview);
  await preview
    .getByRole('region', { name: 'Horários livres' })
    .getByRole('button', { name: 'Reservar' })
    .click();
  const sheet = preview.getByRole('dialog', { name: 'Horários livres' });
  await expect(
    sheet.getByText('Pré-visualização: a sala recebe reservas depois de publicada.'),
  ).toBeVisible();
  await expect(sheet.getByRole('button', { name: 'Reservar', exact: true })).toBeDisabled();
  await keepScreen(preview, { path: 'test-results/screens/room-preview-phone.png' });
  await preview.close();

  // A visitor (another browser, signed out) finds nothing yet.
  const origin = new URL(page.url()).origin;
  const visitor = await browser.newPage();
  await visitor.goto(`${origin}/rooms/${roomUuid}`);
  await expect(visitor.getByRole('heading', { name: 'Sala não encontrada', level: 1 })).toBeVisible();

  await publish.click();
  await expect(page.getByText('Sala publicada. Ela já aparece na busca.')).toBeVisible();
  await expect(publishing.getByText('Publicada', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 }).locator('..').getByText('Publicada')).toBeVisible();

  // Found in search and opened by a visitor, without the preview note.
  await visitor.goto(`${origin}/rooms?search=${encodeURIComponent(roomName)}`);
  await visitor
    .getByRole('link', { name: new RegExp(roomName) })
    .first()
    .click();
  await expect(visitor.getByRole('heading', { name: roomName, level: 1 })).toBeVisible();
  await expect(visitor.getByText('Pré-visualização', { exact: true })).toHaveCount(0);

  // The rooms list shows the badge.
  await page.goto('/parceiro/gestao/salas');
  await expect(
    page.getByRole('link').filter({ hasText: roomName }).getByText('Publicada', { exact: true }),
  ).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);
  await shoot(page, 'rooms-list-phone');

  // Back to draft: out of the visitor's sight again.
  await page.goto(roomUrl);
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await shoot(page, 'room-published-phone');
  await page.setViewportSize({ width: 1366, height: 900 });
  await publishing.getByRole('button', { name: 'Voltar a rascunho' }).click();
  await page
    .getByRole('dialog', { name: 'Voltar a rascunho?' })
    .getByRole('button', { name: 'Voltar a rascunho' })
    .click();
  await expect(page.getByText('A sala voltou a ser rascunho e saiu da busca.')).toBeVisible();
  await expect(publishing.getByText('Rascunho', { exact: true })).toBeVisible();
  await visitor.goto(`${origin}/rooms/${roomUuid}`);
  await expect(visitor.getByRole('heading', { name: 'Sala não encontrada', level: 1 })).toBeVisible();
  await visitor.close();
});
