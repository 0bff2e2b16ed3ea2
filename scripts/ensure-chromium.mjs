// The browser tests drive Debian's Chromium (never a downloaded browser): make sure it is there.
import fs from 'node:fs';
import { aptInstall } from './lib.mjs';

const CHROMIUM = '/usr/bin/chromium';
if (!fs.existsSync(CHROMIUM)) {
  console.log('Chromium não encontrado: instalando o pacote chromium do Debian...');
  aptInstall(
    ['chromium', 'fonts-liberation'],
    'Os testes de navegador precisam do Chromium do Debian em /usr/bin/chromium.',
  );
}
