import fs from 'node:fs/promises';
import path from 'node:path';

/** Where uploaded files live (DESIGN §5, §7): local disk for one machine, a bucket for many. */
export interface Storage {
  put(key: string, data: Buffer): Promise<void>;
  /** The bytes, or undefined when missing. */
  get(key: string): Promise<Buffer | undefined>;
  delete(key: string): Promise<void>;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9/_-]*\.[a-z0-9]+$/;

function assertKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`chave de arquivo inválida: ${key}`);
}

export function createDiskStorage(root: string): Storage {
  const file = (key: string) => {
    assertKey(key);
    return path.join(root, key);
  };
  return {
    async put(key, data) {
      const target = file(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      // Write then rename, so a reader never sees half a file.
      const tmp = `${target}.${process.pid}.tmp`;
      await fs.writeFile(tmp, data);
      await fs.rename(tmp, target);
    },
    async get(key) {
      try {
        return await fs.readFile(file(key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw err;
      }
    },
    async delete(key) {
      await fs.rm(file(key), { force: true });
    },
  };
}

export function createMemoryStorage(): Storage & { files: Map<string, Buffer> } {
  const files = new Map<string, Buffer>();
  return {
    files,
    async put(key, data) {
      assertKey(key);
      files.set(key, data);
    },
    async get(key) {
      return files.get(key);
    },
    async delete(key) {
      files.delete(key);
    },
  };
}
