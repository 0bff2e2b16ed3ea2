/**
 * The database a benchmark measures: an in-memory PGlite, or (`onPostgres`) a new database of the
 * PostgreSQL at TEST_DATABASE_URL, migrated, holding the generated market; `drop` removes it.
 * `connections` opens that many pools on it (two codes whose prepared statements share names
 * need their own connections).
 */
import pg from 'pg';
import { type Database, openPglite, openPostgres } from '../server/db/client.ts';
import { generateSupply } from './generate-supply.ts';

export async function benchDatabase(options: {
  onPostgres: boolean;
  clinics: number;
  name: string;
  pools?: number;
}) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  const name = `${options.name}_${process.pid}`;
  const pools: Database[] = [];
  if (options.onPostgres) {
    if (!serverUrl) throw new Error('--postgres precisa de TEST_DATABASE_URL');
    await admin(`create database ${name}`);
    const target = new URL(serverUrl);
    target.pathname = `/${name}`;
    for (let i = 0; i < (options.pools ?? 1); i++) pools.push(await openPostgres(target.toString(), 4));
  } else pools.push(await openPglite());
  const [database] = pools as [Database, ...Database[]];
  await database.migrate();
  await generateSupply(database.db, {
    clinics: options.clinics,
    roomsPerClinic: 5,
    appointmentsPerRoom: 200,
    blocksPerRoom: 10,
  });
  return {
    database,
    pools,
    async drop() {
      for (const p of pools) await p.close();
      if (options.onPostgres) await admin(`drop database if exists ${name} with (force)`);
    },
  };
}
