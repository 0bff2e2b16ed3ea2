import { afterEach, describe, expect, it, vi } from 'vitest';
import { cepNote, lookUpCep, readViaCep } from './cep-lookup.ts';

const paulista = {
  cep: '01310-100',
  logradouro: 'Avenida Paulista',
  complemento: 'de 612 a 1510 - lado par',
  bairro: 'Bela Vista',
  localidade: 'São Paulo',
  uf: 'SP',
  ibge: '3550308',
  gia: '1004',
  ddd: '11',
  siafi: '7107',
};

describe('ViaCEP answers', () => {
  it('reads an address', () => {
    expect(readViaCep(200, paulista)).toEqual({
      kind: 'found',
      address: { street: 'Avenida Paulista', neighborhood: 'Bela Vista', city: 'São Paulo', state: 'SP' },
    });
  });

  it('a town CEP has no street; an unknown CEP says erro (boolean or string); a bad one is 400', () => {
    expect(readViaCep(200, { ...paulista, logradouro: '', bairro: '' })).toMatchObject({
      kind: 'found',
      address: { street: '', city: 'São Paulo' },
    });
    expect(readViaCep(200, { erro: true })).toEqual({ kind: 'unknown' });
    expect(readViaCep(200, { erro: 'true' })).toEqual({ kind: 'unknown' });
    expect(readViaCep(400, null)).toEqual({ kind: 'unknown' });
  });

  it('anything else is a failure, never a throw', () => {
    expect(readViaCep(500, null)).toEqual({ kind: 'failed' });
    expect(readViaCep(200, 'oops')).toEqual({ kind: 'failed' });
    expect(readViaCep(200, {})).toEqual({ kind: 'failed' });
    expect(readViaCep(200, { ...paulista, uf: 'XX' })).toMatchObject({ address: { state: '' } });
  });
});

describe('lookUpCep', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks only for 8 digits, at ViaCEP, and turns a network failure into "failed"', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify(paulista), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    expect(await lookUpCep('0131')).toEqual({ kind: 'unknown' });
    expect(fetch).not.toHaveBeenCalled();
    expect((await lookUpCep('01310-100')).kind).toBe('found');
    expect(fetch).toHaveBeenCalledWith('https://viacep.com.br/ws/01310100/json/', expect.anything());
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    expect(await lookUpCep('01310100')).toEqual({ kind: 'failed' });
  });
});

describe('the note under the CEP', () => {
  const empty = { street: '', number: '', neighborhood: '', city: '', state: '' };
  const typed = {
    street: 'Rua Augusta',
    number: '1200',
    neighborhood: 'Consolação',
    city: 'São Paulo',
    state: 'SP',
  };

  it('says why the address is to be typed until it is, and then goes (also once saved and shown again)', () => {
    for (const status of ['failed', 'unknown', 'town'] as const) {
      expect(cepNote(status, empty)).toBe(status);
      expect(cepNote(status, { ...typed, number: '' })).toBe(status);
      expect(cepNote(status, { ...typed, city: ' ' })).toBe(status);
      expect(cepNote(status, typed)).toBeNull();
    }
  });

  it('asks for the number after filling the rest, and goes when it is typed; nothing before 8 digits', () => {
    expect(cepNote('found', { ...typed, number: '' })).toBe('found');
    expect(cepNote('found', typed)).toBeNull();
    expect(cepNote('looking', typed)).toBe('looking');
    expect(cepNote('idle', empty)).toBeNull();
  });
});
