/**
 * A stand-in for a Nominatim geocoder on 127.0.0.1: `/search` and `/reverse` answer JSON shaped as
 * Nominatim's `format=jsonv2` does, from a small table of places around Kraków (or what a test
 * sets), and every request is recorded (path, parameters, User-Agent, when it arrived). A test may
 * freeze it (requests are held, unanswered, until `thaw`), so that nothing reaches a public server.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

interface NominatimRequest {
  path: string;
  params: URLSearchParams;
  userAgent: string | undefined;
  /** Date.now() when it arrived. */
  at: number;
}

/** A search result as Nominatim's jsonv2 writes it. */
interface NominatimPlace {
  place_id: number;
  lat: string;
  lon: string;
  name: string;
  display_name: string;
  boundingbox: [string, string, string, string];
  category: string;
  type: string;
}

export interface NominatimStandIn {
  /** http://127.0.0.1:port (plus the base path it was started with): what GEOCODER_URL names. */
  url: string;
  requests: NominatimRequest[];
  /** Holds every request from now on without answering, until `thaw`. */
  freeze(): void;
  /** Answers the held requests and the next ones. */
  thaw(): void;
  /** What `/search` answers for a `q` (lower-cased), replacing the table's. */
  places: Map<string, NominatimPlace[]>;
  /** What `/reverse` answers: its `address`, for any point. */
  address: Record<string, string>;
  /** Bytes of padding added to every answer (an answer too large). */
  padding: number;
  close(): Promise<void>;
}

const ZAKRZOWEK: NominatimPlace = {
  place_id: 1,
  lat: '50.0369',
  lon: '19.9127',
  name: 'Zakrzówek',
  display_name: 'Zakrzówek, Dębniki, Kraków, województwo małopolskie, Polska',
  boundingbox: ['50.0330', '50.0410', '19.9050', '19.9210'],
  category: 'natural',
  type: 'water',
};

/** Near the Zwierzyniec alerts of the tests: a street, a neighbourhood and the district. */
const ZWIERZYNIEC_ADDRESS = {
  road: 'Królowej Jadwigi',
  neighbourhood: 'Półwsie Zwierzynieckie',
  suburb: 'Zwierzyniec',
  city: 'Kraków',
  country: 'Polska',
  country_code: 'pl',
};

/** `port`: a given one (a browser test names the address in its server's options before it starts); any free one by default. */
export async function startNominatim(basePath = '', port = 0): Promise<NominatimStandIn> {
  const requests: NominatimRequest[] = [];
  const held: Array<() => void> = [];
  let frozen = false;
  const standIn = {
    places: new Map<string, NominatimPlace[]>([['zakrzówek', [ZAKRZOWEK]]]),
    address: { ...ZWIERZYNIEC_ADDRESS } as Record<string, string>,
    padding: 0,
  };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    requests.push({ path: url.pathname, params: url.searchParams, userAgent: req.headers['user-agent'], at: Date.now() });
    const answer = () => {
      const send = (status: number, body: unknown) => {
        const json = JSON.stringify(body);
        res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
        res.end(standIn.padding > 0 ? json + ' '.repeat(standIn.padding) : json);
      };
      if (url.pathname === `${basePath}/search`) {
        return send(200, standIn.places.get((url.searchParams.get('q') ?? '').toLowerCase()) ?? []);
      }
      if (url.pathname === `${basePath}/reverse`) {
        const lat = url.searchParams.get('lat');
        const lon = url.searchParams.get('lon');
        return send(200, { place_id: 2, lat, lon, name: standIn.address.road ?? '', display_name: Object.values(standIn.address).join(', '), address: standIn.address });
      }
      send(404, { error: 'Unknown path' });
    };
    if (frozen) held.push(answer);
    else answer();
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const listening = (server.address() as AddressInfo).port;
  return Object.assign(standIn, {
    url: `http://127.0.0.1:${listening}${basePath}`,
    requests,
    freeze: () => {
      frozen = true;
    },
    thaw: () => {
      frozen = false;
      for (const answer of held.splice(0)) answer();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
