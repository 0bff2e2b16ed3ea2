import { describe, expect, it } from 'vitest';
import { brCode, isValidBrCode } from '#common/br/pix';
import { decodeQr } from '../test/qr.ts';
import { qrDataUrl, qrPng } from './qr.ts';

describe('Pix QR image', () => {
  const code = brCode({
    key: 'pagamentos@salas.app',
    amountCents: 24000,
    merchantName: 'Salas Marketplace',
    merchantCity: 'Sao Paulo',
    txid: 'abc123DEF456',
  });

  it('decodes back to the exact BR Code, which is still valid', async () => {
    const decoded = await decodeQr(await qrPng(code));
    expect(decoded).toBe(code);
    expect(isValidBrCode(decoded!)).toBe(true);
  });

  it('is served as a PNG data URL', async () => {
    const url = await qrDataUrl(code);
    expect(url.startsWith('data:image/png;base64,')).toBe(true);
    const png = Buffer.from(url.slice('data:image/png;base64,'.length), 'base64');
    expect(await decodeQr(png)).toBe(code);
  });
});
