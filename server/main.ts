import { StorageUnreachable } from './adapters/storage.ts';
import { startServer } from './bootstrap.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DataDirLockedError } from './lib/data-dir-lock.ts';
import { nodeBelowFloor } from './lib/node-version.ts';

async function main(): Promise<void> {
  const old = nodeBelowFloor(process.version);
  if (old) {
    console.error(old);
    process.exit(1);
  }
  const config = loadConfig();
  const server = await startServer(config);
  server.app.log.info(`Salas pronto em ${config.publicUrl} (banco: ${server.database.kind})`);
  const shutdown = (signal: string) => {
    server.app.log.info(`${signal} recebido: encerrando`);
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    server.stop().then(
      () => process.exit(0),
      (err) => {
        console.error(err);
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}

main().catch((err) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError || err instanceof StorageUnreachable) {
    console.error(err.message);
  } else {
    console.error('Falha ao iniciar o Salas:', err);
  }
  process.exit(1);
});
