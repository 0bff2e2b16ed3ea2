// Runs a command against a throwaway PostgreSQL on a loopback port (TEST_DATABASE_URL).
// Uses TEST_DATABASE_URL as is when already set; installs Debian's postgresql when missing (root).
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { aptInstall, isRoot } from './lib.mjs';

const command = process.argv.slice(2);
if (command.length === 0) {
  console.error('uso: node scripts/with-postgres.mjs <comando> [args...]');
  process.exit(2);
}

function findBin() {
  const base = '/usr/lib/postgresql';
  if (!fs.existsSync(base)) return undefined;
  const versions = fs.readdirSync(base).filter((v) => fs.existsSync(path.join(base, v, 'bin', 'initdb')));
  versions.sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(base, versions[0], 'bin') : undefined;
}

const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

function run(env) {
  return new Promise((resolve) => {
    const child = spawn(command[0], command.slice(1), {
      stdio: 'inherit',
      env: { ...process.env, ...env },
      shell: process.platform === 'win32',
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

if (process.env.TEST_DATABASE_URL) process.exit(await run({}));

let bin = findBin();
if (!bin) {
  console.log('PostgreSQL não encontrado: instalando o pacote postgresql do Debian...');
  aptInstall(
    ['postgresql'],
    'Os testes em PostgreSQL real precisam do servidor PostgreSQL 15 (pacote postgresql).',
  );
  bin = findBin();
}
if (!bin) {
  console.error('PostgreSQL instalado, mas initdb não foi encontrado em /usr/lib/postgresql/*/bin.');
  process.exit(1);
}

// initdb refuses to run as root: run the server as the postgres system user then.
const asUser = isRoot() ? ['runuser', '-u', 'postgres', '--'] : [];
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'salas-pg-'));
const dataDir = path.join(dir, 'data');
if (isRoot()) execFileSync('chown', ['-R', 'postgres:postgres', dir]);
const exec = (file, args) => {
  const full = [...asUser, path.join(bin, file), ...args];
  const res = spawnSync(full[0], full.slice(1), { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  if (res.status !== 0) {
    console.error(res.stdout, res.stderr);
    throw new Error(`${file} falhou`);
  }
};

const port = await freePort();
let code = 1;
try {
  exec('initdb', [
    '-D',
    dataDir,
    '-U',
    'postgres',
    '--auth=trust',
    '--encoding=UTF8',
    '--locale=C.UTF-8',
    '-N',
  ]);
  exec('pg_ctl', [
    '-D',
    dataDir,
    '-l',
    path.join(dir, 'log'),
    '-w',
    '-t',
    '60',
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`,
    'start',
  ]);
  console.log(`PostgreSQL temporário em 127.0.0.1:${port}`);
  code = await run({ TEST_DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/postgres` });
} finally {
  try {
    exec('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
  } catch {
    /* already down */
  }
  fs.rmSync(dir, { recursive: true, force: true });
}
process.exit(code);
