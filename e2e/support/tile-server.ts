/**
 * A local stand-in for a tile server, so browser tests never reach the internet: every
 * /tiles/{z}/{x}/{y}.png answers the same small PNG, and /tiles/{z}/{x}/{y}@2x.png its
 * 512-pixel version for screens of more than one device pixel per CSS pixel (the app's
 * TILE_URL here carries Leaflet's `{r}`, as a tile server with high-resolution tiles allows).
 * It counts requests.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';

/** A 256×256 PNG of one light colour, built in memory. */
function solidPng(size = 256, rgb: [number, number, number] = [232, 240, 226]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 3).fill(Buffer.from(rgb))]);
  const pixels = zlib.deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export interface TileServer {
  /** The z/x/y template to hand to the app as TILE_URL, with `{r}` (`@2x` on high-density screens). */
  tileUrl: string;
  requests(): number;
  close(): Promise<void>;
}

export async function startTileServer(): Promise<TileServer> {
  const png = solidPng();
  const png2x = solidPng(512);
  let count = 0;
  const server = http.createServer((req, res) => {
    const tile = /^\/tiles\/\d+\/\d+\/\d+(@2x)?\.png$/.exec(req.url ?? '');
    if (tile) {
      count++;
      res.writeHead(200, {
        'content-type': 'image/png',
        'access-control-allow-origin': '*',
        'cache-control': 'public, max-age=3600',
      });
      res.end(tile[1] ? png2x : png);
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    tileUrl: `http://127.0.0.1:${port}/tiles/{z}/{x}/{y}{r}.png`,
    requests: () => count,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
