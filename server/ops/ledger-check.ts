/**
 * `npm run ledger:check` (docs/operations.md, "Verificar o livro-caixa"): runs the ledger rules of
 * server/features/lifecycle/ledger.ts against the database the server uses — `DATABASE_URL` when set
 * (fine while the server runs), otherwise the embedded database in `DATA_DIR/db`, which it opens
 * only with the data-dir lock (so never while a server runs on that folder). It never migrates.
 * Exit codes: 0 consistent, 1 violations found, 2 could not check.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { type Database, openPglite, openPostgres, queryRows } from '../db/client.ts';
import { checkLedger, type LedgerViolation, WARNING_RULES } from '../features/lifecycle/ledger.ts';
import { DataDirLockedError, lockDataDir } from '../lib/data-dir-lock.ts';

export interface Output {
  out(line: string): void;
  err(line: string): void;
}

const consoleOutput: Output = { out: (l) => console.log(l), err: (l) => console.error(l) };

/** How the ids of a violation are named in the report. */
const idLabels: Record<string, string> = {
  payment: 'pagamento',
  booking: 'reserva',
  appointment: 'agendamento',
  other_appointment: 'outro agendamento',
  refund: 'reembolso',
  room: 'sala',
  charge: 'cobrança',
  idempotency_key: 'chave',
  payout: 'repasse',
};

export function formatViolation(v: LedgerViolation): string {
  const ids = Object.entries(v.ids)
    .map(([key, value]) => `${idLabels[key] ?? key}=${value}`)
    .join(' ');
  const level = WARNING_RULES.includes(v.rule) ? ' (aviso)' : '';
  return `[${v.rule}]${level} ${v.message}${ids ? ` — ${ids}` : ''}`;
}

class CheckError extends Error {}

/** Empty values count as unset, as in server/config.ts. */
const setting = (env: NodeJS.ProcessEnv, key: string) => (env[key] ? env[key] : undefined);

async function openDatabase(env: NodeJS.ProcessEnv): Promise<{ database: Database; release: () => void }> {
  const url = setting(env, 'DATABASE_URL');
  if (url) {
    try {
      return { database: await openPostgres(url, 1), release: () => {} };
    } catch (err) {
      throw new CheckError(
        `Não foi possível conectar ao PostgreSQL de DATABASE_URL: ${(err as Error).message}`,
      );
    }
  }
  const dataDir = path.resolve(setting(env, 'DATA_DIR') ?? './data');
  const dir = path.join(dataDir, 'db');
  // Opening an empty folder would create a new, empty database there.
  if (!fs.existsSync(path.join(dir, 'PG_VERSION')))
    throw new CheckError(`Não há banco embutido em ${dir}. Confira DATA_DIR (ou defina DATABASE_URL).`);
  let release: () => void;
  try {
    release = lockDataDir(dataDir);
  } catch (err) {
    if (err instanceof DataDirLockedError)
      throw new CheckError(
        `O banco embutido em ${dir} está em uso (um servidor Salas está rodando nesta pasta). ` +
          'O banco embutido só pode ser verificado com o servidor parado: pare o servidor e rode ' +
          '`npm run ledger:check` de novo (ou verifique uma cópia restaurada noutra pasta).',
      );
    throw err;
  }
  try {
    return { database: await openPglite(dir), release };
  } catch (err) {
    release();
    throw err;
  }
}

/** Runs the check; answers the exit code (0 consistent, 1 violations, 2 could not check). */
export async function main(
  argv: string[],
  env: NodeJS.ProcessEnv,
  io: Output = consoleOutput,
): Promise<number> {
  if (argv.length > 0) {
    const help = argv.every((a) => a === '-h' || a === '--help');
    (help ? io.out : io.err)(
      'uso: npm run ledger:check — com DATABASE_URL (PostgreSQL, pode estar no ar) ou DATA_DIR ' +
        '(banco embutido, só com o servidor parado). Saída 0: consistente; 1: violações; 2: não foi possível verificar.',
    );
    return help ? 0 : 2;
  }
  let opened: Awaited<ReturnType<typeof openDatabase>>;
  try {
    opened = await openDatabase(env);
  } catch (err) {
    io.err(err instanceof CheckError ? err.message : `Falha ao abrir o banco: ${(err as Error).message}`);
    return 2;
  }
  const { database, release } = opened;
  try {
    const [table] = await queryRows<{ name: string | null }>(
      database.db,
      sql`select to_regclass('public.payouts')::text as name`,
    );
    if (!table?.name) {
      io.err(
        'O banco ainda não tem as tabelas desta versão (payouts): ele precisa primeiro das migrações do ' +
          'servidor. Inicie o servidor desta versão uma vez (as migrações rodam na partida) e rode a verificação de novo.',
      );
      return 2;
    }
    // The same delay the server uses (PAYOUT_DELAY_DAYS, default 2 days after the appointment).
    const delay = Number(setting(env, 'PAYOUT_DELAY_DAYS') ?? 2);
    const violations = await checkLedger(database.db, {
      now: new Date(),
      payoutDelayDays: Number.isInteger(delay) && delay >= 0 ? delay : 2,
    });
    for (const v of violations) io.out(formatViolation(v));
    if (violations.length === 0) {
      io.out('Nenhuma violação: o livro-caixa está consistente.');
      return 0;
    }
    io.out(violations.length === 1 ? '1 violação' : `${violations.length} violações`);
    return 1;
  } catch (err) {
    io.err(`Falha ao verificar o livro-caixa: ${(err as Error).message}`);
    return 2;
  } finally {
    await database.close().catch(() => {});
    release();
  }
}

if (process.argv[1] && /ledger-check\.(ts|js)$/.test(process.argv[1]))
  process.exitCode = await main(process.argv.slice(2), process.env);
