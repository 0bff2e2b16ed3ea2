// Helpers of the project's scripts: finding and installing Debian packages when allowed.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';

export const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

let updated = false;
/** Installs Debian packages when running as root; otherwise says exactly what to install. */
export function aptInstall(packages, why) {
  if (!isRoot() || !fs.existsSync('/usr/bin/apt-get')) {
    console.error(`${why}\nInstale com: sudo apt-get install -y ${packages.join(' ')}`);
    process.exit(1);
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (!updated) {
    execFileSync('apt-get', ['update'], { stdio: 'inherit', env });
    updated = true;
  }
  const res = spawnSync('apt-get', ['install', '-y', '--no-install-recommends', ...packages], {
    stdio: 'inherit',
    env,
  });
  if (res.status !== 0) {
    console.error(`Falha ao instalar ${packages.join(' ')}.`);
    process.exit(1);
  }
}
