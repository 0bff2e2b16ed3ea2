import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMailer } from './mail.ts';

describe('the .eml copy of a mail', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is never readable half-written under a name that carries its recipient or subject', async () => {
    const mailDir = await fs.mkdtemp(path.join(os.tmpdir(), 'salas-mail-'));
    const writeFile = fs.writeFile;
    // What a reader finds in the folder once the bytes are written, before the file is complete.
    const seenMidWrite: string[] = [];
    vi.spyOn(fs, 'writeFile').mockImplementation(async (...args) => {
      await writeFile(...args);
      seenMidWrite.push(...(await fs.readdir(mailDir)));
    });
    const mailer = createMailer({ from: 'Salas <nao-responda@salas.app>', mailDir });
    await mailer.send({
      to: 'bia@exemplo.com.br',
      subject: 'Pagamento recebido',
      text: 'Olá',
      html: '<p>Olá</p>',
    });

    expect(seenMidWrite).toHaveLength(1);
    expect(seenMidWrite[0]).toMatch(/^\..*\.tmp$/);
    expect(seenMidWrite[0]).not.toContain('bia@exemplo.com.br');
    expect(seenMidWrite[0]).not.toContain('pagamento-recebido');
    const files = await fs.readdir(mailDir);
    expect(files).toEqual([expect.stringMatching(/-bia@exemplo\.com\.br-pagamento-recebido-.*\.eml$/)]);
    expect(await fs.readFile(path.join(mailDir, files[0] as string), 'utf8')).toContain(
      'Subject: Pagamento recebido',
    );
  });
});
