import { describe, expect, it } from 'vitest';
import { brCode, crc16, isValidBrCode } from './pix.ts';

describe('Pix BR Code', () => {
  it('computes CRC16-CCITT-FALSE', () => {
    expect(crc16('123456789')).toBe('29B1');
  });

  it('builds a static BR Code with amount, merchant and txid, ending in its CRC', () => {
    const code = brCode({
      key: 'pix@salas.app',
      amountCents: 6500,
      merchantName: 'Salas Marketplace',
      merchantCity: 'São Paulo',
      txid: 'abc-123',
    });
    expect(code.startsWith('000201010212')).toBe(true);
    expect(code).toContain('0014br.gov.bcb.pix0113pix@salas.app');
    expect(code).toContain('540565.00');
    expect(code).toContain('5802BR');
    expect(code).toContain('6009SAO PAULO');
    expect(code).toContain('0506abc123');
    expect(isValidBrCode(code)).toBe(true);
    expect(isValidBrCode(`${code.slice(0, -1)}0`)).toBe(code.endsWith('0'));
  });
});
