import { expect, type Page } from '@playwright/test';

/** A valid CPF no other journey uses (random base, computed check digits), formatted. */
export function freshCpf(): string {
  const digits = Array.from({ length: 9 }, () => Math.floor(Math.random() * 10));
  if (new Set(digits).size === 1) digits[0] = (digits[0]! + 1) % 10;
  for (const size of [9, 10]) {
    const sum = digits.slice(0, size).reduce((t, d, i) => t + d * (size + 1 - i), 0);
    const rest = (sum * 10) % 11;
    digits.push(rest === 10 ? 0 : rest);
  }
  const s = digits.join('');
  return `${s.slice(0, 3)}.${s.slice(3, 6)}.${s.slice(6, 9)}-${s.slice(9)}`;
}

/** Where a specialist of these journeys lives and is registered. */
export type SpecialistPlace = {
  birthDate: string;
  phone: string;
  profession: string;
  councilNumber: string;
  state: string;
  zipCode: string;
  street: string;
  number: string;
  neighborhood: string;
  city: string;
};

export const rioSpecialist: SpecialistPlace = {
  birthDate: '03/07/1991',
  phone: '(21) 98888-7777',
  profession: 'Fonoaudióloga',
  councilNumber: '05/765432',
  state: 'RJ',
  zipCode: '22290-240',
  street: 'Rua Voluntários da Pátria',
  number: '45',
  neighborhood: 'Botafogo',
  city: 'Rio de Janeiro',
};

export const bhSpecialist: SpecialistPlace = {
  birthDate: '21/09/1987',
  phone: '(31) 98888-1234',
  profession: 'Psicóloga',
  councilNumber: '04/112233',
  state: 'MG',
  zipCode: '30140-071',
  street: 'Rua Antônio de Albuquerque',
  number: '300',
  neighborhood: 'Savassi',
  city: 'Belo Horizonte',
};

/** Fills and sends the "Complete seu cadastro" form (/especialista/new-account) as a person types it. */
export async function completeDataForm(page: Page, p: SpecialistPlace): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Complete seu cadastro' })).toBeVisible();
  await page.getByLabel('CPF').fill(freshCpf());
  await page.getByLabel('Data de nascimento').fill(p.birthDate);
  await page.keyboard.press('Escape');
  await page.getByLabel('Celular').fill(p.phone);
  await page.getByLabel('Profissão').fill(p.profession);
  await page.getByRole('combobox', { name: 'Conselho profissional' }).click();
  await page.getByRole('option', { name: /^CRP/ }).click();
  await page.getByLabel('Número de registro').fill(p.councilNumber);
  await page.getByRole('combobox', { name: 'UF do registro' }).fill(p.state);
  await page.getByRole('option', { name: p.state, exact: true }).click();
  // ViaCEP is not reached from the journeys: it "does not answer", and the address is typed.
  await page.route('https://viacep.com.br/**', (route) => route.abort('connectionrefused'));
  await page.getByLabel('CEP').fill(p.zipCode);
  // Its note ("Não foi possível buscar o CEP…") takes two lines at 390 px and pushes the fields under
  // it down: read it first, as a person does, or the UF's list opens where the field was a moment ago.
  await expect(page.getByRole('status').filter({ hasText: 'Não foi possível buscar o CEP' })).toBeVisible();
  await page.getByLabel('Rua').fill(p.street);
  await page.getByRole('textbox', { name: 'Número', exact: true }).fill(p.number);
  await page.getByLabel('Bairro').fill(p.neighborhood);
  await page.getByLabel('Cidade').fill(p.city);
  await page.getByRole('combobox', { name: 'UF', exact: true }).fill(p.state);
  await page.getByRole('option', { name: new RegExp(`^${p.state} `) }).click();
  await page.getByRole('button', { name: 'Salvar e continuar' }).click();
}
