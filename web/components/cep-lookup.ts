/**
 * The address a CEP names, asked of ViaCEP from the browser (decision 0038): the server's CSP
 * allows https://viacep.com.br in connect-src. ViaCEP's documentation (https://viacep.com.br/,
 * "Acessando o webservice de CEP" and "Validação do CEP", quoted in
 * https://github.com/gustavoestevesr/ms-viacep-integration/blob/master/readme.md):
 * `GET https://viacep.com.br/ws/{8 digits}/json/` answers
 * `{ cep, logradouro, complemento, bairro, localidade, uf, ibge, gia, ddd, siafi }`; a CEP of the
 * right format that does not exist answers 200 with `{ "erro": true }` (newer answers spell it
 * `"true"`), and a malformed one 400. A CEP of a whole town answers empty `logradouro` and `bairro`.
 */
import { onlyDigits } from '#common/br/documents';
import { ufs } from '#common/domain/auth';

export const VIACEP_ORIGIN = 'https://viacep.com.br';

/** Longer than this and the person types the address instead. */
export const CEP_LOOKUP_TIMEOUT_MS = 5000;

export interface CepAddress {
  street: string;
  neighborhood: string;
  city: string;
  state: (typeof ufs)[number] | '';
}

/** `found`: the address (fields may be empty); `unknown`: no such CEP; `failed`: ViaCEP did not answer well. */
export type CepLookup = { kind: 'found'; address: CepAddress } | { kind: 'unknown' } | { kind: 'failed' };

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/** ViaCEP's JSON as one of the three outcomes; anything unexpected is a failure, never a throw. */
export function readViaCep(status: number, body: unknown): CepLookup {
  if (status === 400) return { kind: 'unknown' };
  if (status !== 200 || typeof body !== 'object' || body === null) return { kind: 'failed' };
  const b = body as Record<string, unknown>;
  if (b.erro === true || b.erro === 'true') return { kind: 'unknown' };
  const uf = text(b.uf).toUpperCase();
  const address: CepAddress = {
    street: text(b.logradouro),
    neighborhood: text(b.bairro),
    city: text(b.localidade),
    state: (ufs as readonly string[]).includes(uf) ? (uf as CepAddress['state']) : '',
  };
  if (!address.city && !address.street) return { kind: 'failed' };
  return { kind: 'found', address };
}

/** Looks the CEP up (8 digits, or `unknown` without asking); aborted with `signal` or after the timeout. */
export async function lookUpCep(cep: string, signal?: AbortSignal): Promise<CepLookup> {
  const digits = onlyDigits(cep);
  if (digits.length !== 8) return { kind: 'unknown' };
  const timeout = AbortSignal.timeout(CEP_LOOKUP_TIMEOUT_MS);
  const both = signal ? AbortSignal.any([signal, timeout]) : timeout;
  try {
    const response = await fetch(`${VIACEP_ORIGIN}/ws/${digits}/json/`, {
      signal: both,
      headers: { accept: 'application/json' },
      // A public service: no cookies, no referrer of our pages.
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
    });
    const body: unknown = await response.json().catch(() => null);
    return readViaCep(response.status, body);
  } catch (err) {
    if (signal?.aborted) throw err;
    return { kind: 'failed' };
  }
}

/** Where the address form's CEP lookup stands: `idle` before 8 digits, then its outcome. */
export type CepStatus = 'idle' | 'looking' | 'found' | 'town' | 'unknown' | 'failed';

/** The address as the form holds it now. */
export type TypedAddress = Record<'street' | 'number' | 'neighborhood' | 'city' | 'state', string>;

/**
 * Which note the CEP field shows under it, or none. A note asks for something ("informe o número",
 * "preencha o endereço"); once the person has typed what it asked for (and so also once the address
 * is saved) it has nothing left to say and goes away, instead of warning about a saved address.
 */
export function cepNote(status: CepStatus, address: TypedAddress): Exclude<CepStatus, 'idle'> | null {
  const has = (field: keyof TypedAddress) => address[field].trim() !== '';
  const whole = has('street') && has('neighborhood') && has('city') && has('state');
  switch (status) {
    case 'idle':
      return null;
    case 'found':
      return has('number') ? null : status;
    case 'town':
    case 'unknown':
    case 'failed':
      return whole && has('number') ? null : status;
    default:
      return status;
  }
}
