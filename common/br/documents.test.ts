import { describe, expect, it } from 'vitest';
import { formatCep, formatCpf, isValidCnpj, isValidCpf } from './documents.ts';

describe('Brazilian documents', () => {
  it('accepts CPFs with correct check digits, formatted or not', () => {
    expect(isValidCpf('529.982.247-25')).toBe(true);
    expect(isValidCpf('52998224725')).toBe(true);
  });
  it('refuses wrong check digits, repeated digits and wrong lengths', () => {
    expect(isValidCpf('529.982.247-24')).toBe(false);
    expect(isValidCpf('111.111.111-11')).toBe(false);
    expect(isValidCpf('1234567890')).toBe(false);
  });
  it('validates CNPJ check digits', () => {
    expect(isValidCnpj('11.222.333/0001-81')).toBe(true);
    expect(isValidCnpj('11.222.333/0001-80')).toBe(false);
    expect(isValidCnpj('00000000000000')).toBe(false);
  });
  it('formats CPF and CEP', () => {
    expect(formatCpf('52998224725')).toBe('529.982.247-25');
    expect(formatCep('01310100')).toBe('01310-100');
  });
});
