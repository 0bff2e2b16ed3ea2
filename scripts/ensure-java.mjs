// The Nu HTML Checker of the tests (the vnu-jar package's jar, server/test/valid-html.test.ts) runs
// on Java: Debian's default-jre-headless when there is none (as root; otherwise says what to install).
import { spawnSync } from 'node:child_process';
import { aptInstall } from './lib.mjs';

const java = spawnSync('java', ['-version'], { stdio: 'ignore' });
if (java.error || java.status !== 0) {
  console.log('Java não encontrado: instalando o pacote default-jre-headless do Debian...');
  aptInstall(['default-jre-headless'], 'O verificador de HTML dos testes (vnu-jar) precisa do Java.');
}
