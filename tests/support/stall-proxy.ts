/**
 * A TCP proxy that can go silent without closing: `freeze()` stops forwarding bytes either way on every
 * connection open now, as an idle-timeout NAT or a half-open socket does; the sockets stay open and the
 * kernel still answers TCP keepalive. Connections made after the freeze pass normally.
 */
import { createServer, connect, type Server, type Socket } from 'node:net';

export interface StallProxy {
  port: number;
  /** Connections opened through the proxy so far. */
  connections(): number;
  freeze(): void;
  close(): Promise<void>;
}

export async function startStallProxy(targetHost: string, targetPort: number): Promise<StallProxy> {
  const open = new Set<{ client: Socket; upstream: Socket; frozen: boolean }>();
  let opened = 0;
  const server: Server = createServer((client) => {
    opened++;
    const upstream = connect(targetPort, targetHost);
    const pair = { client, upstream, frozen: false };
    open.add(pair);
    client.on('data', (chunk) => {
      if (!pair.frozen) upstream.write(chunk);
    });
    upstream.on('data', (chunk) => {
      if (!pair.frozen) client.write(chunk);
    });
    const end = () => {
      open.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('close', end);
    upstream.on('close', end);
    client.on('error', end);
    upstream.on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    port,
    connections: () => opened,
    freeze() {
      for (const pair of open) pair.frozen = true;
    },
    async close() {
      for (const pair of open) {
        pair.client.destroy();
        pair.upstream.destroy();
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
