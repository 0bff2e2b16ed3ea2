/** Brazilian document helpers: pure, shared by server and web. */

export const onlyDigits = (value: string): string => value.replace(/\D/g, '');

function checkDigit(digits: number[], weights: number[]): number {
  const sum = digits.reduce((acc, d, i) => acc + d * (weights[i] ?? 0), 0);
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

/** CPF with valid check digits (11 digits, not all equal). */
export function isValidCpf(value: string): boolean {
  const cpf = onlyDigits(value);
  if (!/^\d{11}$/.test(cpf) || /^(\d)\1{10}$/.test(cpf)) return false;
  const d = [...cpf].map(Number);
  const first = checkDigit(d.slice(0, 9), [10, 9, 8, 7, 6, 5, 4, 3, 2]);
  const second = checkDigit(d.slice(0, 10), [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
  return first === d[9] && second === d[10];
}

/** CNPJ with valid check digits (14 digits, not all equal). */
export function isValidCnpj(value: string): boolean {
  const cnpj = onlyDigits(value);
  if (!/^\d{14}$/.test(cnpj) || /^(\d)\1{13}$/.test(cnpj)) return false;
  const d = [...cnpj].map(Number);
  const w1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
  const w2 = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
  return checkDigit(d.slice(0, 12), w1) === d[12] && checkDigit(d.slice(0, 13), w2) === d[13];
}

export const formatCpf = (cpf: string) =>
  onlyDigits(cpf).replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');
export const formatCnpj = (cnpj: string) =>
  onlyDigits(cnpj).replace(/^(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})$/, '$1.$2.$3/$4-$5');
export const formatCep = (cep: string) => onlyDigits(cep).replace(/^(\d{5})(\d{3})$/, '$1-$2');
