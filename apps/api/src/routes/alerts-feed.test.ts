import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XMLParser } from 'fast-xml-parser';
import { SaxesParser } from 'saxes';
import type { Alert } from '@wildalert/shared';
import { atOffset, createTestApp, postAlert, UTC_OFFSETS_MINUTES, type TestApp, staffToken } from '../../test/helpers.ts';

/** A moderator's personal API token, made for each app. */
let TOKEN = '';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({});
  TOKEN = await staffToken(t.app);
});
afterAll(() => t.dispose());

/** Each case its own town, so that the cases' alerts do not meet. */
const TARNOW = { latitude: 50.0121, longitude: 20.9858 };
const RZESZOW = { latitude: 50.0412, longitude: 21.999 };
const NOWY_SACZ = { latitude: 49.6218, longitude: 20.6971 };
const ZAKOPANE = { latitude: 49.2992, longitude: 19.9496 };
const KROSNO = { latitude: 49.6887, longitude: 21.7706 };
const SANOK = { latitude: 49.5557, longitude: 22.2059 };
const PRZEMYSL = { latitude: 49.7838, longitude: 22.7678 };

const at = (p: { latitude: number; longitude: number }) => `Latitude=${p.latitude}&Longitude=${p.longitude}`;

interface Entry {
  id: string;
  title: string;
  updated: string;
  published: string;
  link: { '@_rel': string; '@_type': string; '@_href': string };
  category: { '@_term': string; '@_label': string };
  summary: { '#text': string; '@_type': string };
  'georss:point': string;
}
interface Feed {
  '@_xmlns': string;
  '@_xml:lang': string;
  id: string;
  title: string;
  updated: string;
  author: { name: string };
  link: { '@_rel': string; '@_type': string; '@_href': string }[];
  entry?: Entry[];
}

/** An element as a strict reader gives it: its attributes and its text, entities resolved. */
interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  text: string;
  children: XmlElement[];
}

/**
 * Parses as a strict XML 1.0 reader does (saxes, with namespaces): a reference to an entity XML
 * does not define (`&nbsp;`) or to a character it cannot hold (`&#0;`) is an error, thrown.
 */
function parseStrictly(xml: string): XmlElement {
  const parser = new SaxesParser({ xmlns: true });
  const root: XmlElement = { name: '', attributes: {}, text: '', children: [] };
  const open = [root];
  parser.on('opentag', (tag) => {
    const attributes = Object.fromEntries(Object.values(tag.attributes).map((a) => [a.name, a.value]));
    const element = { name: tag.name, attributes, text: '', children: [] };
    open.at(-1)!.children.push(element);
    open.push(element);
  });
  parser.on('text', (text) => (open.at(-1)!.text += text));
  parser.on('closetag', () => open.pop());
  parser.write(xml).close();
  return root.children[0]!;
}

/** GET the feed as a reader would, from http://wildalert.example; the XML read strictly, then parsed into plain objects. */
async function feed(query: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/Alerts.atom?${query}`,
    headers: { host: 'wildalert.example', ...headers },
  });
  expect(res.statusCode, res.body).toBe(200);
  const strict = parseStrictly(res.body);
  const parser = new XMLParser({
    ignoreAttributes: false,
    parseTagValue: false,
    trimValues: false,
    isArray: (_name, path) => path === 'feed.entry' || path === 'feed.link',
  });
  return { res, strict, feed: (parser.parse(res.body) as { feed: Feed }).feed };
}

describe('GET /Alerts.atom', () => {
  it('is an Atom 1.0 feed of the newest 50 alerts around the point, newest first, each linking to its page', async () => {
    const posted: Alert[] = [];
    for (let i = 0; i < 55; i++) posted.push(await postAlert(t.app, { latitude: TARNOW.latitude + i / 10_000, longitude: TARNOW.longitude, animal: i % 2 ? 'fox' : 'boar', comments: `#${i}` }));
    const { res, feed: f } = await feed(`${at(TARNOW)}&Radius=2`);
    expect(res.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    expect(res.headers['cache-control']).toMatch(/^public, max-age=60/);

    // RFC 4287 4.1.1: a feed has one id, title and updated, an author (or one per entry); a self link.
    expect(f['@_xmlns']).toBe('http://www.w3.org/2005/Atom');
    expect(f['@_xml:lang']).toBe('pl');
    expect(f.id).toBe(`http://wildalert.example/Alerts.atom?${at(TARNOW)}&Radius=2`);
    expect(f.title).toBe(`WildAlert: Zgłoszenia dzikich zwierząt w promieniu 2 km od ${TARNOW.latitude}, ${TARNOW.longitude}`);
    expect(f.author.name).toBe('WildAlert');
    expect(f.link).toContainEqual({ '@_rel': 'self', '@_type': 'application/atom+xml', '@_href': f.id });
    expect(f.link.find((l) => l['@_rel'] === 'alternate')?.['@_href']).toBe(
      `http://wildalert.example/WildAlertApp/?lat=${TARNOW.latitude.toFixed(5)}&lng=${TARNOW.longitude.toFixed(5)}&z=13&lang=pl`,
    );

    const newest = posted.slice(-50).reverse();
    expect(f.entry!.map((e) => e.id)).toEqual(newest.map((a) => `urn:uuid:${a.id}`));
    expect(f.updated).toBe(newest[0]!.createdAt);
    // RFC 4287 4.1.2: an entry has one id, title and updated; with no content, an alternate link.
    for (const [i, e] of f.entry!.entries()) {
      const alert = newest[i]!;
      expect(e.updated).toBe(alert.createdAt);
      expect(e.published).toBe(alert.createdAt);
      expect(e.title).toMatch(alert.animal === 'boar' ? /^Dzik, \d+ m od wskazanego miejsca$/ : /^Lis, \d+ m od wskazanego miejsca$/);
      expect(e.link).toEqual({ '@_rel': 'alternate', '@_type': 'text/html', '@_href': `http://wildalert.example/WildAlertApp/alerts/${alert.id}?lang=pl` });
      expect(e.summary).toEqual({ '@_type': 'text', '#text': alert.comments });
      expect(e.category['@_term']).toBe(alert.animal);
      expect(e['georss:point']).toBe(`${alert.latitude} ${alert.longitude}`);
    }
  });

  it('carries a comment as plain text, whatever characters it holds', async () => {
    const comments = 'Dzik <b>duży</b> & "groźny" \'?\' ]]> <![CDATA[x]]>\nDruga linia\r\n\ttrzecia <script>alert(1)</script>';
    const alert = await postAlert(t.app, { ...RZESZOW, animal: 'boar', comments });
    const { res, feed: f } = await feed(at(RZESZOW));
    expect(res.body).not.toContain('<script>');
    expect(f.entry!.map((e) => e.id)).toEqual([`urn:uuid:${alert.id}`]);
    // XML turns a CR LF into LF; everything else arrives as typed.
    expect(f.entry![0]!.summary['#text']).toBe(alert.comments.replaceAll('\r\n', '\n'));
  });

  it('keeps entity-like text as typed, in a feed a strict XML reader takes', async () => {
    const typed = [
      'Tom & Jerry &amp; friends',
      'pod&nbsp;mostem',
      'NUL &#0; and &#65; &#x41; &#x;',
      '&lt;b&gt; &quot;x&quot; &apos;y&apos; &unknown; &; & ;',
    ];
    const posted = [];
    for (const comments of typed) posted.push(await postAlert(t.app, { ...SANOK, animal: 'boar', comments }));
    for (const lang of ['pl', 'en', 'uk']) {
      const query = `${at(SANOK)}&Radius=1&lang=${lang}`;
      // The other texts and attributes as the lenient parser reads them (it keeps what it cannot resolve).
      const { strict: f, feed: lenient } = await feed(query);
      const child = (e: XmlElement, name: string) => e.children.filter((c) => c.name === name);
      expect(child(f, 'title')[0]!.text).toBe(lenient.title);
      expect(child(f, 'id')[0]!.text).toBe(`http://wildalert.example/Alerts.atom?${query}`);
      expect(child(f, 'link').map((l) => l.attributes)).toEqual(lenient.link.map((l) => ({ rel: l['@_rel'], type: l['@_type'], href: l['@_href'] })));
      const entries = child(f, 'entry');
      expect(entries.map((e) => child(e, 'summary')[0]!.text)).toEqual(typed.toReversed());
      for (const [i, e] of entries.entries()) {
        expect(child(e, 'id')[0]!.text).toBe(`urn:uuid:${posted.at(-1 - i)!.id}`);
        expect(child(e, 'title')[0]!.text).toBe(lenient.entry![i]!.title);
        expect(child(e, 'category')[0]!.attributes).toEqual({ term: 'boar', label: lenient.entry![i]!.category['@_label'] });
      }
    }
  });

  it('takes the filters of GET /Alerts, leaves hidden alerts out, and shows a sensitive species only at its published cell', async () => {
    const fox = await postAlert(t.app, { ...NOWY_SACZ, animal: 'fox', comments: 'lis' });
    await postAlert(t.app, { latitude: NOWY_SACZ.latitude + 0.1, longitude: NOWY_SACZ.longitude, animal: 'fox', comments: '11 km dalej' });
    const hidden = await postAlert(t.app, { ...NOWY_SACZ, animal: 'fox', comments: 'reklama' });
    const wolf = await postAlert(t.app, { latitude: NOWY_SACZ.latitude + 0.0012, longitude: NOWY_SACZ.longitude + 0.0017, animal: 'wolf', comments: 'wilk' });
    const res = await t.app.inject({ method: 'DELETE', url: `/Alerts/${hidden.id}`, headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(204);

    const foxes = (await feed(`${at(NOWY_SACZ)}&Radius=5&animal=fox`)).feed;
    expect(foxes.title).toBe(`WildAlert: Lis w promieniu 5 km od ${NOWY_SACZ.latitude}, ${NOWY_SACZ.longitude}`);
    expect(foxes.entry!.map((e) => e.id)).toEqual([`urn:uuid:${fox.id}`]);

    const all = (await feed(`${at(NOWY_SACZ)}&Radius=5`)).feed;
    expect(all.entry!.map((e) => e.id)).toEqual([`urn:uuid:${wolf.id}`, `urn:uuid:${fox.id}`]);
    // The wolf as every public answer gives it: its cell's centre, not where it was seen.
    const published = (await t.app.inject({ method: 'GET', url: `/Alerts/${wolf.id}` })).json().data as Alert;
    expect(all.entry![0]!['georss:point']).toBe(`${published.latitude} ${published.longitude}`);
    expect(all.entry![0]!['georss:point']).not.toBe(`${NOWY_SACZ.latitude + 0.0012} ${NOWY_SACZ.longitude + 0.0017}`);
    expect(all.entry![0]!.title).toMatch(/^Wilk, /);
  });

  it('speaks the language of `lang`, else of Accept-Language, else Polish', async () => {
    const alert = await postAlert(t.app, { ...KROSNO, animal: 'fox', comments: '' });
    const near = `${at(KROSNO)}&Radius=1`;
    const cases: Array<[string, Record<string, string>, string, string, string]> = [
      [near, {}, 'pl', 'WildAlert: Zgłoszenia dzikich zwierząt w promieniu 1 km od', 'Lis (bez opisu)'],
      [`${near}&lang=uk`, { 'accept-language': 'en' }, 'uk', 'WildAlert: Повідомлення про диких тварин у радіусі 1 км від', 'Лисиця (без опису)'],
      [near, { 'accept-language': 'en-GB,en;q=0.8' }, 'en', 'WildAlert: Wild-animal sightings within 1 km of', 'Fox (no description)'],
      [`${near}&animal=fox&lang=en`, {}, 'en', 'WildAlert: Fox within 1 km of', 'Fox (no description)'],
    ];
    for (const [query, headers, language, title, summary] of cases) {
      const { res, feed: f } = await feed(query, headers);
      expect(f['@_xml:lang']).toBe(language);
      expect(res.headers['content-language']).toBe(language);
      expect(f.title.startsWith(title), f.title).toBe(true);
      const entry = f.entry!.find((e) => e.id === `urn:uuid:${alert.id}`)!;
      expect(entry.summary['#text']).toBe(summary);
      expect(entry.link['@_href']).toBe(`http://wildalert.example/WildAlertApp/alerts/${alert.id}?lang=${language}`);
    }
    expect((await t.app.inject(`/Alerts.atom?${near}&lang=de`)).statusCode).toBe(400);
  });

  it('takes since with any UTC offset RFC 3339 allows, as the instant it names', async () => {
    const posted = [await postAlert(t.app, { ...PRZEMYSL, animal: 'fox' }), await postAlert(t.app, { ...PRZEMYSL, animal: 'boar' })];
    const later = posted[1]!.createdAt;
    const justAfter = new Date(Date.parse(later) + 1).toISOString();
    for (const offset of UTC_OFFSETS_MINUTES) {
      for (const instant of [later, justAfter]) {
        const { feed: f } = await feed(`${at(PRZEMYSL)}&Radius=1&since=${encodeURIComponent(atOffset(instant, offset))}`);
        const expected = posted.filter((a) => a.createdAt >= instant).map((a) => `urn:uuid:${a.id}`).reverse();
        expect((f.entry ?? []).map((e) => e.id), atOffset(instant, offset)).toEqual(expected);
      }
    }
  });

  it('is a valid feed with no entries where nothing was reported', async () => {
    const { feed: f } = await feed(`${at(ZAKOPANE)}&Radius=1`);
    expect(f.entry).toBeUndefined();
    expect(Number.isNaN(Date.parse(f.updated))).toBe(false);
  });

  it('refuses a bad query with problem+json, as GET /Alerts does', async () => {
    for (const query of ['Latitude=91&Longitude=19', 'Longitude=19', `${at(TARNOW)}&animal=dragon`, `${at(TARNOW)}&since=yesterday`, `${at(TARNOW)}&limit=10`]) {
      const res = await t.app.inject({ method: 'GET', url: `/Alerts.atom?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.json()).toMatchObject({ status: 400, errors: expect.any(Object) });
    }
  });
});
