/**
 * /Alerts.atom: the newest alerts around a point as an Atom feed (RFC 4287), for feed readers,
 * city services and phones where web push is not to be had. Text, never HTML: a comment is
 * shown as the visitor typed it, whatever it holds.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import fp from 'fastify-plugin';
import { Type } from 'typebox';
import { create } from 'xmlbuilder2';
import {
  AlertsQuerySchema,
  animalByKey,
  animalName,
  LANGUAGES,
  distanceMetres,
  formatDistance,
  RADIUS_DEFAULT_KM,
  type Alert,
  type AlertListResponse,
  type AlertsQuery,
  type Language,
  type Verification,
} from '@wildalert/shared';
import { negotiateLanguage, translate } from '../i18n/language.ts';
import { officialStatusLine } from '../i18n/official-status-line.ts';
import { problemResponses } from '../http/problem.ts';

/** How many alerts a feed holds: the newest. */
const FEED_SIZE = 50;

const ATOM = 'http://www.w3.org/2005/Atom';
const GEORSS = 'http://www.georss.org/georss';

/** A feed is read every few minutes by many readers: they may share an answer for a minute. */
const CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=60';

const { limit: _limit, ...searchProperties } = AlertsQuerySchema.properties;
const AlertsFeedQuerySchema = Type.Object(
  {
    ...searchProperties,
    lang: Type.Optional(
      Type.Enum([...LANGUAGES], { description: 'The language of the text; absent: the best match of Accept-Language, else Polish' }),
    ),
  },
  { additionalProperties: false },
);

interface FeedRequest {
  /** The server's TIME_ZONE: an official status's time is written on its clocks. */
  timeZone: string;
  /** Where the server is reached, as the client reached it: `https://example.org`. */
  origin: string;
  /** The feed's own address. */
  self: string;
  query: AlertsQuery;
  alerts: readonly Alert[];
  language: Language;
}

const place = (p: { latitude: number; longitude: number }) => `${p.latitude}, ${p.longitude}`;

/** An element being built (xmlbuilder2 does not export its type by name). */
type XMLBuilder = ReturnType<typeof create>;

/**
 * xmlbuilder2 reads `&name;` and `&#n;` in the text and attribute values it is given as
 * references already written and copies them out as they are: a comment holding `&nbsp;` or
 * `&#0;` made the whole feed invalid XML, and `&amp;` reached readers as `&`. Every `&` it is
 * given is written `&amp;` first, which it copies as is: a reader gets the text as typed.
 */
const literal = (text: string) => text.replaceAll('&', '&amp;');

/** Adds an element (`[namespace, name]` for another namespace than the parent's), its attributes and text taken literally. */
function add(parent: XMLBuilder, name: string | [string, string], attributes: Record<string, string> = {}, text?: string): XMLBuilder {
  const literalAttributes = Object.fromEntries(Object.entries(attributes).map(([key, value]) => [key, literal(value)]));
  const element = typeof name === 'string' ? parent.ele(name, literalAttributes) : parent.ele(...name, literalAttributes);
  return text === undefined ? element : element.txt(literal(text));
}

/**
 * "Confirmed · Kraków City Guard", "Likely", "Corrected: Fox → Wild boar · moderator" (issue 35),
 * the moderator's note on a line of its own; nothing while unverified.
 */
function verificationLine(verification: Verification, animal: string, language: Language): string | undefined {
  if (verification.level === 'unverified') return undefined;
  const nameOf = (key: string) => animalName(animalByKey(key), language);
  const level =
    verification.level === 'corrected' && verification.correctedFrom
      ? translate(language, 'feed.corrected', { from: nameOf(verification.correctedFrom), to: nameOf(animal) })
      : translate(language, 'feed.level', { level: verification.level });
  const who = verification.organisation
    ? (verification.organisation[language] ?? verification.organisation.pl)
    : verification.by === 'moderator'
      ? translate(language, 'feed.moderator')
      : undefined;
  const line = who ? `${level} · ${who}` : level;
  return verification.note ? `${line}\n${verification.note}` : line;
}

/** The feed's XML; characters XML cannot hold (control characters) are dropped from the text. */
function atomFeed({ origin, self, query, alerts, language, timeZone }: FeedRequest): string {
  const app = `${origin}/WildAlertApp`;
  const nameOf = (key: string) => animalName(animalByKey(key), language);
  const animals = (query.animal ?? []).map(nameOf);
  const what = animals.length > 0 ? animals.join(', ') : translate(language, 'feed.everything');
  const map = new URL(`${app}/`);
  map.searchParams.set('lat', query.latitude.toFixed(5));
  map.searchParams.set('lng', query.longitude.toFixed(5));
  map.searchParams.set('z', '13');
  for (const animal of query.animal ?? []) map.searchParams.append('animal', animal);
  map.searchParams.set('lang', language);

  const doc = create({ version: '1.0', encoding: 'UTF-8', invalidCharReplacement: '' });
  const feed = doc.ele(ATOM, 'feed', { 'xml:lang': language }).att('http://www.w3.org/2000/xmlns/', 'xmlns:georss', GEORSS);
  add(feed, 'id', {}, self);
  const radius = formatDistance(query.radius * 1000, language);
  add(feed, 'title', {}, translate(language, 'feed.title', { what, radius, place: place(query) }));
  add(feed, 'subtitle', {}, translate(language, 'feed.subtitle', { count: FEED_SIZE }));
  add(feed, 'updated', {}, alerts[0]?.createdAt ?? new Date().toISOString());
  add(add(feed, 'author'), 'name', {}, 'WildAlert');
  add(feed, 'link', { rel: 'self', type: 'application/atom+xml', href: self });
  add(feed, 'link', { rel: 'alternate', type: 'text/html', href: map.href });
  add(feed, 'icon', {}, `${app}/favicon.svg`);

  for (const alert of alerts) {
    const name = nameOf(alert.animal);
    const away = formatDistance(distanceMetres(query, alert), language);
    const entry = add(feed, 'entry');
    add(entry, 'id', {}, `urn:uuid:${alert.id}`);
    add(entry, 'title', {}, translate(language, 'feed.entry', { animal: name, distance: away }));
    // An organisation's step, or a change of level, changes the entry: readers show it again.
    add(entry, 'updated', {}, [alert.createdAt, alert.officialStatus?.at ?? '', alert.verification.at ?? ''].reduce((a, b) => (b > a ? b : a)));
    add(entry, 'published', {}, alert.createdAt);
    add(entry, 'link', { rel: 'alternate', type: 'text/html', href: `${app}/alerts/${alert.id}?lang=${language}` });
    add(entry, 'category', { term: alert.animal, label: name });
    const trust = verificationLine(alert.verification, alert.animal, language);
    const comment = alert.comments === '' ? translate(language, 'feed.noComment', { animal: name }) : alert.comments;
    const status = alert.officialStatus && officialStatusLine(alert.officialStatus, language, timeZone);
    add(entry, 'summary', { type: 'text' }, [comment, status, trust].filter(Boolean).join('\n'));
    add(entry, [GEORSS, 'georss:point'], {}, `${alert.latitude} ${alert.longitude}`);
  }
  return doc.end({ prettyPrint: true });
}

const alertsFeed: FastifyPluginAsyncTypebox<{ timeZone: string }> = async (app, { timeZone }) => {
  app.get(
    '/Alerts.atom',
    {
      schema: {
        tags: ['alerts'],
        operationId: 'alertsFeed',
        summary: `The newest ${FEED_SIZE} alerts around a point, as an Atom feed`,
        description:
          'Same place and filters as `GET /Alerts` (`Latitude`, `Longitude`, `Radius`, `animal`, `since`), ' +
          `the newest ${FEED_SIZE} alerts: an Atom 1.0 feed (RFC 4287) in Polish, English or Ukrainian (\`lang\`), each entry linking ` +
          "to the alert's page in the web app, its point as `georss:point` (a sensitive species at its " +
          "published cell), its comment as plain text, and an organisation's latest step on a line after it " +
          "(\"Kraków City Guard: on the way · 14:05\", the time in the server's TIME_ZONE). Readers may keep an answer for a minute.",
        querystring: AlertsFeedQuerySchema,
        response: {
          200: { description: 'An Atom feed', content: { 'application/atom+xml': { schema: Type.String() } } },
          ...problemResponses(400),
        },
      },
      config: { queryBudget: true },
    },
    async (request, reply) => {
      const { lang, ...filters } = request.query;
      const language = lang ?? negotiateLanguage(request.headers['accept-language'], 'pl');
      const query: AlertsQuery = { ...filters, radius: filters.radius ?? RADIUS_DEFAULT_KM, limit: FEED_SIZE };
      const { data } = JSON.parse(await app.services.alerts.search(query)) as AlertListResponse;
      const origin = `${request.protocol}://${request.host}`;
      reply.header('cache-control', CACHE_CONTROL).header('content-language', language).header('vary', 'Accept-Language');
      reply.type('application/atom+xml; charset=utf-8');
      return atomFeed({ origin, self: `${origin}${request.url}`, query, alerts: data, language, timeZone });
    },
  );
};

export default fp(alertsFeed, {
  name: 'wildalert-alerts-feed-routes',
  dependencies: ['wildalert-errors', 'wildalert-services', 'wildalert-query-budget', 'wildalert-docs'],
  encapsulate: true,
});
