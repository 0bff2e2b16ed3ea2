import fs from 'node:fs';
import path from 'node:path';
import { E2E_MAIL_DIR } from '../../playwright.config.ts';

/** Decoded text part of an .eml file written by the server's mail adapter. */
function textPart(raw: string): string {
  const unfolded = raw.replace(/=\r?\n/g, '');
  return unfolded.replace(/=([0-9A-F]{2})/g, (_, hex: string) =>
    String.fromCharCode(Number.parseInt(hex, 16)),
  );
}

/** Waits for a mail to `to` written after `since` whose text matches `pattern`; answers the match. */
export async function waitForMail(
  to: string,
  pattern: RegExp,
  since: number,
  timeoutMs = 15_000,
): Promise<RegExpMatchArray> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (fs.existsSync(E2E_MAIL_DIR)) {
      const files = fs
        .readdirSync(E2E_MAIL_DIR)
        .filter((f) => f.endsWith('.eml'))
        .map((f) => path.join(E2E_MAIL_DIR, f))
        .filter((f) => fs.statSync(f).mtimeMs >= since)
        .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs);
      for (const file of files) {
        const raw = fs.readFileSync(file, 'utf8');
        if (!new RegExp(`^To: .*${to.replace(/[.+]/g, '\\$&')}`, 'mi').test(raw)) continue;
        const match = textPart(raw).match(pattern);
        if (match) return match;
      }
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`Nenhum e-mail para ${to} com ${pattern} em ${timeoutMs} ms`);
}
