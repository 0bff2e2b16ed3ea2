// Data generator of the sign-in benchmark: N verified specialists with one password, written
// straight into an embedded data dir before the server starts.
// Usage: npx tsx bench/generate-users.ts <dataDir> <count>
import path from 'node:path';
import { openPglite } from '../server/db/client.ts';
import { users } from '../server/db/schema.ts';
import { hashPassword } from '../server/lib/password.ts';

export const BENCH_PASSWORD = 'Bench#Senha2026';
const [dataDir, countArg] = process.argv.slice(2);
if (!dataDir) throw new Error('uso: tsx bench/generate-users.ts <dataDir> <count>');
const count = Number(countArg ?? 400);
const database = await openPglite(path.join(dataDir, 'db'));
await database.migrate();
const passwordHash = await hashPassword(BENCH_PASSWORD);
const now = new Date();
for (let i = 0; i < count; i += 200) {
  const batch = Array.from({ length: Math.min(200, count - i) }, (_, k) => ({
    name: `Especialista Bench ${i + k}`,
    email: `bench${i + k}@salas.test`,
    passwordHash,
    role: 'customer' as const,
    emailVerifiedAt: now,
  }));
  await database.db.insert(users).values(batch).onConflictDoNothing();
}
await database.close();
console.log(`${count} usuários em ${dataDir}`);
