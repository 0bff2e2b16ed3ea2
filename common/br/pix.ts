/** Pix "copia e cola" (BR Code, EMV® QRCPS-MPM) with its CRC16-CCITT checksum. */

const field = (id: string, value: string) => `${id}${String(value.length).padStart(2, '0')}${value}`;

/** CRC16-CCITT (poly 0x1021, init 0xFFFF), as the BR Code manual requires, in 4 hex digits. */
export function crc16(payload: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(payload)) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

const ascii = (s: string, max: number) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9 .-]/g, '')
    .slice(0, max)
    .toUpperCase();

export interface BrCodeInput {
  key: string;
  amountCents: number;
  merchantName: string;
  merchantCity: string;
  /** Transaction id (txid), letters and digits only, up to 25. */
  txid: string;
}

export function brCode(input: BrCodeInput): string {
  const account = field('00', 'br.gov.bcb.pix') + field('01', input.key);
  const payload =
    field('00', '01') +
    field('01', '12') +
    field('26', account) +
    field('52', '0000') +
    field('53', '986') +
    field('54', (input.amountCents / 100).toFixed(2)) +
    field('58', 'BR') +
    field('59', ascii(input.merchantName, 25)) +
    field('60', ascii(input.merchantCity, 15)) +
    field('62', field('05', input.txid.replace(/[^A-Za-z0-9]/g, '').slice(0, 25) || '***')) +
    '6304';
  return payload + crc16(payload);
}

/** True when the last four characters are the CRC of the rest. */
export const isValidBrCode = (code: string) => code.length > 8 && crc16(code.slice(0, -4)) === code.slice(-4);
