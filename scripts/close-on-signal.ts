/** Closes a local fake's server on SIGTERM or Ctrl-C, then exits (1 if closing failed). */
export function closeOnSignal(server: { close(): Promise<unknown> }): void {
  const stop = () => {
    server.close().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(err);
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}
