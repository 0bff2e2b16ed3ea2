import fs from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Locks this process holds (a pid equal to ours in the file is otherwise a stale lock). */
const heldHere = new Set<string>();

const lockedBy = (dir: string, pid: number) =>
  new DataDirLockedError(
    `O banco embutido em ${dir} já está em uso pelo processo ${pid}. ` +
      'Pare o outro servidor Salas antes de iniciar este, ou use outro DATA_DIR (ou DATABASE_URL para um PostgreSQL).',
  );

/**
 * PGlite does not lock its data directory; two processes on one directory silently lose writes.
 * Takes an exclusive lock file (atomic create) holding our pid; a lock left by a dead process is
 * taken over. Answers the release function.
 */
export function lockDataDir(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const lockPath = path.join(dir, 'salas.lock');
  if (heldHere.has(lockPath)) throw lockedBy(dir, process.pid);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(lockPath, 'wx');
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      heldHere.add(lockPath);
      return () => {
        heldHere.delete(lockPath);
        try {
          if (fs.readFileSync(lockPath, 'utf8') === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          /* already gone */
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number.parseInt(fs.readFileSync(lockPath, 'utf8'), 10);
      if (Number.isInteger(pid) && pid !== process.pid && isAlive(pid)) {
        throw lockedBy(dir, pid);
      }
      fs.rmSync(lockPath, { force: true }); // stale lock of a process that died
    }
  }
  throw new DataDirLockedError(`Não foi possível obter o bloqueio de ${dir}.`);
}
