import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { freePort } from './free-port.ts';

const listen = (port: number) =>
  new Promise<net.Server>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });

describe('freePort', () => {
  it('names a port on 127.0.0.1 that a server can listen on at once', async () => {
    const port = await freePort();
    expect(port).toBeGreaterThan(0);
    const server = await listen(port);
    expect((server.address() as net.AddressInfo).port).toBe(port);
    await new Promise((resolve) => server.close(resolve));
  });

  it('never names a port that is taken', async () => {
    const taken = await listen(0);
    const { port } = taken.address() as net.AddressInfo;
    try {
      for (let i = 0; i < 20; i++) expect(await freePort()).not.toBe(port);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });
});
