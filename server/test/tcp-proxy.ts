/**
 * A TCP proxy in front of the test run's PostgreSQL that a test can cut, so an app behind it sees
 * its database go away and come back while the shared server — and every other suite on it — runs
 * on. `refuse()` is a stopped server: every open connection is dropped and new ones are refused
 * (ECONNREFUSED, the listening socket is closed); `restore()` listens again on the same port.
 */
import net from 'node:net';

export interface TcpProxy {
  /** The proxy's port on 127.0.0.1. */
  port: number;
  /** `url` (a postgres:// address on the target) rewritten to go through the proxy. */
  through(url: string): string;
  /** Drops every connection and refuses new ones until `restore()`. */
  refuse(): Promise<void>;
  /** Accepts connections again (on the same port). */
  restore(): Promise<void>;
  /** Connections dropped so far (by `refuse`), for a test to tell the cut reached the app. */
  dropped: number;
  close(): Promise<void>;
}

const listen = (server: net.Server, port: number) =>
  new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const open = new Set<{ client: net.Socket; upstream: net.Socket }>();
  let accepting = true;
  const server = net.createServer((client) => {
    if (!accepting) return client.destroy();
    const upstream = net.connect(target.port, target.host);
    const pair = { client, upstream };
    open.add(pair);
    const end = () => {
      client.destroy();
      upstream.destroy();
      open.delete(pair);
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await listen(server, 0);
  const port = (server.address() as net.AddressInfo).port;

  const proxy: TcpProxy = {
    port,
    dropped: 0,
    through(url) {
      const u = new URL(url);
      u.hostname = '127.0.0.1';
      u.port = String(port);
      return u.toString();
    },
    async refuse() {
      if (!accepting) return;
      accepting = false;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const { client, upstream } of open) {
        client.destroy();
        upstream.destroy();
        proxy.dropped += 1;
      }
      open.clear();
      await closed;
    },
    async restore() {
      if (accepting) return;
      await listen(server, port);
      accepting = true;
    },
    async close() {
      await proxy.refuse();
    },
  };
  return proxy;
}
