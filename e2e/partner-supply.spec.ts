import sharp from 'sharp';
import { appToday, calendarLabel, isoDate, nextWeekday } from './support/dates.ts';
import { showDay } from './support/room-page.ts';
import { keepScreen } from './support/screens.ts';
import { closeDialog, demo, expectAccessible, signInByApi } from './support/session.ts';
import { expect, test } from './support/test.ts';

test.describe.configure({ mode: 'serial' });

const clinicName = `Clínica Jardim Botânico ${Date.now().toString(36)}`;
let clinicUrl = '';
const roomUrls: string[] = [];

async function photo(color: string) {
  return sharp({ create: { width: 800, height: 600, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
}

test('a partner creates a clinic with address, phone, hours and a photo', async ({ page }) => {
  await signInByApi(page, demo.partner);
  await page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Clínicas' })
    .click();
  await expect(page.getByRole('heading', { name: 'Clínicas', level: 1 })).toBeVisible();
  await expect(page.getByText('Espaço Vida Plena Paulista')).toBeVisible();
  await expectAccessible(page);

  // One guided flow (docs/decisions/0018): each step saves once and moves on.
  await page.getByRole('link', { name: 'Nova clínica' }).click();
  await page.getByLabel(/^Nome/).fill(clinicName);
  await page.getByLabel('Descrição').fill('Consultórios silenciosos perto do Jardim Botânico.');
  await page.getByLabel('E-mail de contato').fill('contato@jardimbotanico.com.br');
  await page.getByRole('button', { name: 'Salvar e continuar' }).click();
  await expect(page).toHaveURL(/\/parceiro\/gestao\/clinicas\/[0-9a-f-]{36}\?etapa=endereco/);
  clinicUrl = page.url().split('?')[0]!;
  // The breadcrumb names the clinic.
  await expect(page.getByRole('navigation', { name: 'Você está em' }).getByText(clinicName)).toBeVisible();

  // The CEP fills the street, neighbourhood, city and UF (ViaCEP stubbed: the journeys never reach it).
  await page.route('https://viacep.com.br/ws/22460030/json/', (route) =>
    route.fulfill({
      json: {
        cep: '22460-030',
        logradouro: 'Rua Jardim Botânico',
        complemento: 'até 699 - lado ímpar',
        bairro: 'Jardim Botânico',
        localidade: 'Rio de Janeiro',
        uf: 'RJ',
      },
    }),
  );
  await page.getByLabel(/^CEP/).fill('22460-030');
  await expect(page.getByText('Endereço preenchido pelo CEP. Confira e informe o número.')).toBeVisible();
  await expect(page.getByLabel(/^Rua/)).toHaveValue('Rua Jardim Botânico');
  await expect(page.getByLabel(/^Bairro/)).toHaveValue('Jardim Botânico');
  await expect(page.getByLabel(/^Cidade/)).toHaveValue('Rio de Janeiro');
  await expect(page.getByRole('combobox', { name: 'UF' })).toHaveValue('RJ');
  await page.getByRole('textbox', { name: 'Número', exact: true }).fill('674');
  await page.getByLabel(/^Telefone da recepção/).fill('2125401234');
  await expect(page.getByLabel(/^Telefone da recepção/)).toHaveValue('(21) 2540-1234');
  await page.getByRole('button', { name: 'Salvar e continuar' }).click();
  await expect(page.getByText('Endereço e telefone salvos.')).toBeVisible();

  await expect(page.getByText('Para funcionar 24 horas, use 00:00 a 23:59.')).toBeVisible();
  for (const day of ['Segunda', 'Terça', 'Quarta', 'Quinta', 'Sexta'])
    await page.getByLabel(day, { exact: true }).check();
  await page.getByRole('button', { name: 'Salvar e continuar' }).click();
  await expect(page.getByText('Horário de funcionamento salvo.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Regras de reserva' })).toBeVisible();
  await page.getByRole('button', { name: 'Salvar e continuar' }).click();
  await expect(page.getByText('Regras de reserva salvas.')).toBeVisible();

  await expect(page.getByRole('heading', { name: 'Salas desta clínica' })).toBeVisible();
  await page.getByRole('button', { name: 'Continuar' }).click();

  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'fachada.jpg', mimeType: 'image/jpeg', buffer: await photo('#3b7d6e') });
  await expect(page.getByText('Capa', { exact: true })).toBeVisible();
  await expectAccessible(page);
  await keepScreen(page, { path: 'test-results/screens/clinic-editor-desktop.png', fullPage: true });
  await page.getByRole('button', { name: 'Concluir' }).click();
  await expect(page.getByRole('dialog', { name: 'Sucesso!' })).toBeVisible();
  await closeDialog(page);
});

test('adds two rooms with prices, facilities, photos and their own hours', async ({ page }) => {
  await signInByApi(page, demo.partner);
  for (const [i, [name, price]] of [
    ['Sala Bromélia', '70'],
    ['Sala Orquídea', '85,50'],
  ].entries()) {
    await page.goto(`/parceiro/gestao/salas/nova?clinica=${clinicUrl.split('/').at(-1)}`);
    await expect(page.getByRole('heading', { name: 'Nova sala' })).toBeVisible();
    await page.getByLabel(/^Nome/).fill(name!);
    await page.getByLabel('Descrição').fill('Sala com maca, pia e janela.');
    await page.getByLabel(/^Preço por hora/).fill(price!);
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText(`Sala “${name}” criada como rascunho.`, { exact: false })).toBeVisible();
    await expect(page).toHaveURL(/\/parceiro\/gestao\/salas\/[0-9a-f-]{36}$/);
    roomUrls.push(page.url());

    // One "Salvar" for the page (decision 0038): facilities and hours wait for it; photos go at once.
    const saveBar = page.getByRole('region', { name: 'Salvar alterações da sala' });
    await expect(saveBar.getByText('Tudo salvo')).toBeVisible();
    const facilities = page.locator('div.mantine-Paper-root', {
      has: page.getByRole('heading', { name: 'Diferenciais' }),
    });
    await facilities.getByText('Maca', { exact: true }).click();
    await facilities.getByText('Wi-Fi', { exact: true }).click();
    await expect(facilities.getByRole('checkbox', { name: 'Wi-Fi' })).toBeChecked();

    const hours = page.locator('div.mantine-Paper-root', {
      has: page.getByRole('heading', { name: 'Horário da sala' }),
    });
    await hours.getByLabel('Esta sala tem horário próprio').check();
    await hours.getByLabel('Terça', { exact: true }).check();
    await hours.getByRole('combobox', { name: 'Terça — Fecha' }).fill('21:00');
    await page.keyboard.press('Escape');
    await expect(saveBar.getByText('Alterações não salvas')).toBeVisible();
    await saveBar.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Alterações salvas.')).toBeVisible();
    await expect(saveBar.getByText('Tudo salvo')).toBeVisible();

    const photos = page.locator('div.mantine-Paper-root', {
      has: page.getByRole('heading', { name: 'Fotos da sala' }),
    });
    await photos.locator('input[type="file"]').setInputFiles([
      { name: `${i}-a.jpg`, mimeType: 'image/jpeg', buffer: await photo('#d9a441') },
      { name: `${i}-b.jpg`, mimeType: 'image/jpeg', buffer: await photo('#5a7fb0') },
    ]);
    await expect(photos.getByRole('button', { name: 'Remover foto' })).toHaveCount(2);
    // All of it is there after a reload.
    await page.reload();
    await expect(facilities.getByRole('checkbox', { name: 'Wi-Fi' })).toBeChecked();
    await expect(hours.getByRole('combobox', { name: 'Terça — Fecha' })).toHaveValue('21:00');
    await expect(photos.getByRole('button', { name: 'Remover foto' })).toHaveCount(2);
  }
  await page.goto('/parceiro/gestao/salas');
  await expect(page.getByText('Sala Bromélia')).toBeVisible();
  await expect(page.getByText('R$ 85,50')).toBeVisible();
  // New rooms are drafts until published.
  await expect(
    page.getByRole('link').filter({ hasText: 'Sala Bromélia' }).getByText('Rascunho', { exact: true }),
  ).toBeVisible();
});

test('blocks next Tuesday afternoon for both rooms at once and sees it on each calendar', async ({
  page,
}) => {
  await signInByApi(page, demo.partner, undefined, roomUrls[0]!);
  const blocks = page.locator('div.mantine-Paper-root', {
    has: page.getByRole('heading', { name: 'Bloqueios' }),
  });
  await blocks.getByRole('combobox', { name: 'Salas' }).click();
  await page.getByRole('option', { name: /Sala Orquídea/ }).click();
  await page.keyboard.press('Escape');
  const tuesday = nextWeekday(2, await appToday(page));
  await blocks.getByRole('button', { name: 'Dia' }).click();
  const calendar = page.locator('.mantine-Popover-dropdown');
  await showDay(calendar, tuesday);
  await calendar.getByRole('button', { name: calendarLabel(tuesday), exact: true }).click();
  const [y, m, d] = isoDate(tuesday).split('-');
  // The hours start empty (issue 31): the afternoon is typed in.
  for (const [label, hour] of [
    ['Das', '13:00'],
    ['Até', '18:00'],
  ] as const) {
    await blocks.getByRole('combobox', { name: label }).fill(hour);
    await page.keyboard.press('Tab');
  }
  await blocks.getByLabel('Motivo (opcional)').fill('Manutenção do ar-condicionado');
  await blocks.getByRole('button', { name: 'Bloquear' }).click();
  await expect(page.getByText('Horário bloqueado em 2 salas.')).toBeVisible();

  for (const url of roomUrls) {
    await page.goto(url);
    const list = page.getByTestId('room-blocks');
    await expect(list.getByText(`${d}/${m}/${y} 13:00 – 18:00`)).toBeVisible();
    await expect(list.getByText('Manutenção do ar-condicionado')).toBeVisible();
  }
  await expectAccessible(page);
  await keepScreen(page, { path: 'test-results/screens/room-editor-desktop.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await keepScreen(page, { path: 'test-results/screens/room-editor-phone.png', fullPage: true });
});

test('bad files are refused with the photo error dialog', async ({ page }) => {
  await signInByApi(page, demo.partner, undefined, roomUrls[0]!);
  const photos = page.locator('div.mantine-Paper-root', {
    has: page.getByRole('heading', { name: 'Fotos da sala' }),
  });
  // A renamed executable: the browser believes the name, the server reads the bytes.
  const input = photos.locator('input[type="file"]');
  await input.evaluate((el) => el.removeAttribute('accept'));
  await input.setInputFiles({
    name: 'ferias.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(4096)]),
  });
  const dialog = page.getByRole('dialog', { name: 'Erro ao inserir imagem!' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(/JPG, JPEG, PNG ou WEBP/)).toBeVisible();
  await closeDialog(page);
  await input.setInputFiles({
    name: 'enorme.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.alloc(10 * 1024 * 1024 + 1, 1),
  });
  await expect(
    page.getByRole('dialog', { name: 'Erro ao inserir imagem!' }).getByText(/10 MB/),
  ).toBeVisible();
  await expect(photos.getByRole('button', { name: 'Remover foto' })).toHaveCount(2);
});

test('another partner cannot see or reach any of it', async ({ page }) => {
  await signInByApi(page, demo.partner2, undefined, '/parceiro/gestao/clinicas');
  await expect(page.getByText('Acolher Savassi')).toBeVisible();
  await expect(page.getByText(clinicName)).toHaveCount(0);
  await page.goto(clinicUrl);
  await expect(page.getByText('Recurso não encontrado.')).toBeVisible();
  await page.goto(roomUrls[0]!);
  await expect(page.getByText('Recurso não encontrado.')).toBeVisible();
});
