// The browser tests drive Debian's headless Chromium (never a downloaded browser): make sure it is
// there. CHROMIUM_PATH points them at another build (the full /usr/bin/chromium also works).
import fs from 'node:fs';
import { aptInstall } from './lib.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';
if (!fs.existsSync(CHROMIUM)) {
  if (process.env.CHROMIUM_PATH) {
    console.error(`CHROMIUM_PATH=${CHROMIUM} não existe.`);
    process.exit(1);
  }
  console.log('Chromium sem janela não encontrado: instalando o pacote chromium-headless-shell do Debian...');
  aptInstall(
    ['chromium-headless-shell', 'fonts-liberation'],
    `Os testes de navegador precisam do Chromium sem janela do Debian em ${CHROMIUM}.`,
  );
}
