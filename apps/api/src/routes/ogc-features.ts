/**
 * OGC API – Features, Part 1 (core, GeoJSON, OpenAPI 3.0), under /ogc: the visible alerts as
 * one collection, for GIS tools (QGIS, GDAL's OAPIF driver, ArcGIS) and INSPIRE download services.
 * The features are those of GET /Alerts.geojson: public points only (a sensitive species at its
 * cell's centre), hidden alerts absent.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import Negotiator from 'negotiator';
import { Type } from 'typebox';
import { AlertFeatureSchema, fieldError, UUID_PATTERN, type FieldErrorCode } from '@wildalert/shared';
import { HttpProblem, PROBLEM_TYPES, problemResponses } from '../http/problem.ts';
import { MATCHED_COUNTED, type Bbox, type FeatureQuery, type PageKey } from '../repositories/features-repository.ts';

/** Where the API is: its landing page. */
const OGC_BASE = '/ogc';
const COLLECTION_ID = 'alerts';

/** Features per page when `limit` is not given, and the most a page holds (a larger `limit` is taken as this, as the standard asks). */
const ITEMS_LIMIT_DEFAULT = 100;
const ITEMS_LIMIT_MAX = 1000;

const CONFORMANCE = [
  'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/core',
  'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/geojson',
  'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/oas30',
];
const CRS84 = 'http://www.opengis.net/def/crs/OGC/1.3/CRS84';

const JSON_TYPE = 'application/json';
const GEOJSON_TYPE = 'application/geo+json';

const LinkSchema = Type.Object({
  href: Type.String(),
  rel: Type.String(),
  type: Type.Optional(Type.String()),
  title: Type.Optional(Type.String()),
});
const LinksSchema = Type.Array(LinkSchema);
type Link = { href: string; rel: string; type?: string; title?: string };

const CollectionSchema = Type.Object({
  id: Type.String(),
  title: Type.String(),
  description: Type.String(),
  itemType: Type.Literal('feature'),
  crs: Type.Array(Type.String()),
  extent: Type.Object({
    spatial: Type.Object({ bbox: Type.Array(Type.Array(Type.Number())), crs: Type.String() }),
    temporal: Type.Object({ interval: Type.Array(Type.Array(Type.Union([Type.String(), Type.Null()]))), trs: Type.String() }),
  }),
  links: LinksSchema,
});

const ItemsSchema = Type.Object({
  type: Type.Literal('FeatureCollection'),
  features: Type.Array(AlertFeatureSchema),
  links: LinksSchema,
  timeStamp: Type.String({ format: 'date-time' }),
  numberMatched: Type.Optional(Type.Integer({ minimum: 0 })),
  numberReturned: Type.Integer({ minimum: 0 }),
});

/** A page key as the `after` and `before` parameters carry it: microseconds since 1970, `_`, the alert's number. */
const PAGE_KEY = '^-?\\d{1,18}_\\d{1,19}$';

const ItemsQuerySchema = Type.Object(
  {
    bbox: Type.Optional(
      Type.String({
        description:
          'minimum longitude, minimum latitude, maximum longitude, maximum latitude (WGS 84, CRS84), comma-separated; six numbers (with heights) are taken without the heights. A minimum longitude above the maximum crosses the antimeridian.',
      }),
    ),
    datetime: Type.Optional(
      Type.String({
        description:
          'When the alert was reported (`createdAt`): an instant (`2026-05-01T10:00:00Z`), a day in UTC (`2026-05-01`), or an interval (`2026-05-01T00:00:00Z/2026-05-31T23:59:59Z`), either end open (`../2026-05-31`, `2026-05-01/..`). RFC 3339.',
      }),
    ),
    limit: Type.Optional(
      Type.Integer({
        minimum: 1,
        default: ITEMS_LIMIT_DEFAULT,
        description: `Features per page; ${ITEMS_LIMIT_DEFAULT} when not given, and a larger value than ${ITEMS_LIMIT_MAX} is taken as ${ITEMS_LIMIT_MAX}`,
      }),
    ),
    after: Type.Optional(Type.String({ pattern: PAGE_KEY, description: 'The page after a feature: take it from a `next` link' })),
    before: Type.Optional(Type.String({ pattern: PAGE_KEY, description: 'The page before a feature: take it from a `prev` link' })),
  },
  { additionalProperties: false },
);

const CollectionParams = Type.Object({ collectionId: Type.String() });
const ItemParams = Type.Object({ collectionId: Type.String(), featureId: Type.String() });

/** The answer in JSON, as each resource declares it (`application/json` for all). */
const jsonAnswer = <T>(schema: T, description: string) => ({ description, content: { [JSON_TYPE]: { schema } } });
/** A feature or features, as GeoJSON by either media type. */
const geoJsonAnswer = <T>(schema: T, description: string) => ({ description, content: { [GEOJSON_TYPE]: { schema }, [JSON_TYPE]: { schema } } });

const invalid = (name: string, detail: string, code: FieldErrorCode = 'invalid') =>
  new HttpProblem({ status: 400, type: PROBLEM_TYPES.validation, detail, errors: { [name]: [fieldError({ code })] } });

/** `bbox`: four numbers (or six, heights ignored) within WGS 84's ranges, south not above north. */
function parseBbox(text: string): Bbox {
  const parts = text.split(',').map((p) => (p.trim() === '' ? Number.NaN : Number(p)));
  if ((parts.length !== 4 && parts.length !== 6) || parts.some((n) => !Number.isFinite(n))) {
    throw invalid('bbox', 'bbox takes four numbers separated by commas: minimum longitude, minimum latitude, maximum longitude, maximum latitude.', 'wrong_format');
  }
  const [west, south, east, north] = parts.length === 4 ? parts : [parts[0]!, parts[1]!, parts[3]!, parts[4]!];
  const box = { west: west!, south: south!, east: east!, north: north! };
  if ([box.west, box.east].some((x) => x < -180 || x > 180) || [box.south, box.north].some((y) => y < -90 || y > 90) || box.south > box.north) {
    throw invalid('bbox', 'bbox is outside WGS 84 (longitudes −180 to 180, latitudes −90 to 90) or its minimum latitude is above its maximum.');
  }
  return box;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:[Zz]|[+-]\d{2}:\d{2})$/;

/** An end of `datetime` as the instants it spans: a day from its midnight (UTC) to the next, an instant alone. */
function parseEnd(text: string): { from: string; to: string; toInclusive: boolean } {
  const instant = Date.parse(DATE.test(text) ? `${text}T00:00:00Z` : text);
  if ((!DATE.test(text) && !DATE_TIME.test(text)) || !Number.isFinite(instant) || instant < Date.UTC(1, 0, 1) || instant > Date.UTC(9999, 11, 31)) {
    throw invalid('datetime', `datetime: "${text}" is not an RFC 3339 date or date-time (2026-05-01, 2026-05-01T10:00:00Z).`, 'wrong_format');
  }
  const from = new Date(instant).toISOString();
  return DATE.test(text) ? { from, to: new Date(instant + 86_400_000).toISOString(), toInclusive: false } : { from, to: from, toInclusive: true };
}

/** `datetime`: an instant, a day, or an interval with `..` (or nothing) for an open end. */
function parseDatetime(text: string): Pick<FeatureQuery, 'start' | 'end' | 'endInclusive'> {
  const parts = text.split('/');
  if (parts.length > 2) throw invalid('datetime', 'datetime is an instant or an interval of two ends separated by one "/".', 'wrong_format');
  if (parts.length === 1) {
    const { from, to, toInclusive } = parseEnd(text);
    return { start: from, end: to, endInclusive: toInclusive };
  }
  const open = (p: string) => p === '' || p === '..';
  const start = open(parts[0]!) ? undefined : parseEnd(parts[0]!);
  const end = open(parts[1]!) ? undefined : parseEnd(parts[1]!);
  if (start && end && (end.toInclusive ? start.from > end.to : start.from >= end.to)) throw invalid('datetime', 'datetime: the interval starts after it ends.');
  return { start: start?.from, end: end?.to, endInclusive: end?.toInclusive ?? false };
}

/** GeoJSON unless the client prefers plain JSON (the same body). */
function featureMediaType(request: FastifyRequest): string {
  return new Negotiator(request).mediaType([GEOJSON_TYPE, JSON_TYPE]) ?? GEOJSON_TYPE;
}

const sendText = (reply: FastifyReply, type: string, text: string) => reply.type(`${type}; charset=utf-8`).send(text as never);

const ogcFeatures: FastifyPluginAsyncTypebox = async (app) => {
  const origin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;
  const base = (request: FastifyRequest) => `${origin(request)}${OGC_BASE}`;
  const collectionLinks = (request: FastifyRequest): Link[] => [
    { href: `${base(request)}/collections/${COLLECTION_ID}/items`, rel: 'items', type: GEOJSON_TYPE, title: 'The alerts as GeoJSON' },
    { href: `${base(request)}/collections/${COLLECTION_ID}`, rel: 'self', type: JSON_TYPE, title: 'This collection' },
  ];
  const collection = (request: FastifyRequest) => ({
    id: COLLECTION_ID,
    title: 'Wild-animal alerts',
    description:
      'Sightings of wild animals reported by visitors, at their public points: a sensitive species (wolf, lynx, bear) at the centre of a grid cell about 1 km across. Hidden alerts are left out.',
    itemType: 'feature' as const,
    crs: [CRS84],
    extent: { spatial: { bbox: [[-180, -90, 180, 90]], crs: CRS84 }, temporal: { interval: [[null, null]], trs: 'http://www.opengis.net/def/uom/ISO-8601/0/Gregorian' } },
    links: collectionLinks(request),
  });
  const assertCollection = (id: string) => {
    if (id !== COLLECTION_ID) throw new HttpProblem({ status: 404, detail: `There is no collection ${id}; the one collection is "${COLLECTION_ID}".` });
  };
  const tags = ['open data'];

  app.get(
    OGC_BASE,
    {
      schema: {
        tags,
        operationId: 'ogcLandingPage',
        summary: 'OGC API – Features: the landing page',
        description: 'What a GIS client opens first (QGIS: a new "WFS / OGC API – Features" connection to this address).',
        response: {
          200: jsonAnswer(Type.Object({ title: Type.String(), description: Type.String(), links: LinksSchema }), 'The landing page'),
        },
      },
    },
    async (request, reply) =>
      reply.type(JSON_TYPE).send({
        title: 'WildAlert',
        description: 'Wild-animal sightings in the city, as open data (OGC API – Features).',
        links: [
          { href: base(request), rel: 'self', type: JSON_TYPE, title: 'This page' },
          { href: `${origin(request)}/openapi.json`, rel: 'service-desc', type: 'application/vnd.oai.openapi+json;version=3.0', title: 'The API definition' },
          { href: `${origin(request)}/docs`, rel: 'service-doc', type: 'text/html', title: 'The API documentation' },
          { href: `${base(request)}/conformance`, rel: 'conformance', type: JSON_TYPE, title: 'The standards this API keeps' },
          { href: `${base(request)}/collections`, rel: 'data', type: JSON_TYPE, title: 'The collections' },
        ],
      }),
  );

  app.get(
    `${OGC_BASE}/conformance`,
    {
      schema: {
        tags,
        operationId: 'ogcConformance',
        summary: 'OGC API – Features: the conformance classes',
        response: { 200: jsonAnswer(Type.Object({ conformsTo: Type.Array(Type.String()) }), 'The conformance classes') },
      },
    },
    async (_request, reply) => reply.type(JSON_TYPE).send({ conformsTo: CONFORMANCE }),
  );

  app.get(
    `${OGC_BASE}/collections`,
    {
      schema: {
        tags,
        operationId: 'ogcCollections',
        summary: 'OGC API – Features: the collections (one: alerts)',
        response: { 200: jsonAnswer(Type.Object({ links: LinksSchema, collections: Type.Array(CollectionSchema) }), 'The collections') },
      },
    },
    async (request, reply) =>
      reply.type(JSON_TYPE).send({ links: [{ href: `${base(request)}/collections`, rel: 'self', type: JSON_TYPE }], collections: [collection(request)] }),
  );

  app.get(
    `${OGC_BASE}/collections/:collectionId`,
    {
      schema: {
        tags,
        operationId: 'ogcCollection',
        summary: 'OGC API – Features: one collection',
        params: CollectionParams,
        response: { 200: jsonAnswer(CollectionSchema, 'The collection'), ...problemResponses(404) },
      },
    },
    async (request, reply) => {
      assertCollection(request.params.collectionId);
      return reply.type(JSON_TYPE).send(collection(request));
    },
  );

  app.get(
    `${OGC_BASE}/collections/:collectionId/items`,
    {
      schema: {
        tags,
        operationId: 'ogcItems',
        summary: 'OGC API – Features: the alerts, a page at a time, newest first',
        description: [
          'Visible alerts at their public points, filtered by `bbox` and `datetime`. A page holds `limit` features',
          `(${ITEMS_LIMIT_DEFAULT} by default, at most ${ITEMS_LIMIT_MAX}); its \`next\` and \`prev\` links lead to the pages beside it,`,
          'by keyset (an alert a page starts after), so a page far down is as fast as the first and no alert is',
          'skipped or repeated when new ones arrive. `numberMatched` counts every feature the filters match, and is left out',
          `when more than ${MATCHED_COUNTED.toLocaleString('en')} do (the standard lets a server omit a count that is costly to make; a count it gives must be exact).`,
        ].join('\n'),
        params: CollectionParams,
        querystring: ItemsQuerySchema,
        response: { 200: geoJsonAnswer(ItemsSchema, 'A page of features'), ...problemResponses(400, 404) },
      },
      config: { queryBudget: true },
    },
    async (request, reply) => {
      assertCollection(request.params.collectionId);
      const q = request.query;
      if (q.after !== undefined && q.before !== undefined) throw invalid('before', 'Give after or before, not both.');
      const cursor = q.after ?? q.before;
      const [micros, seq] = cursor?.split('_') ?? [];
      const key: PageKey | undefined = cursor === undefined ? undefined : { direction: q.after !== undefined ? 'after' : 'before', micros: micros!, seq: seq! };
      const limit = Math.min(q.limit ?? ITEMS_LIMIT_DEFAULT, ITEMS_LIMIT_MAX);
      const page = await app.features.page({
        bbox: q.bbox === undefined ? undefined : parseBbox(q.bbox),
        ...(q.datetime === undefined ? {} : parseDatetime(q.datetime)),
        limit,
        key,
      });
      const type = featureMediaType(request);
      const url = new URL(request.url, origin(request));
      const linkTo = (rel: string, set: Record<string, string> = {}): Link => {
        const target = new URL(url);
        for (const name of [...target.searchParams.keys()]) if (['after', 'before'].includes(name.toLowerCase())) target.searchParams.delete(name);
        for (const [name, value] of Object.entries(set)) target.searchParams.set(name, value);
        return { href: target.toString(), rel, type: GEOJSON_TYPE };
      };
      const older = key?.direction !== 'before';
      // Toward older alerts: another page when one was read beyond this one (or this page was read from newer ones).
      const hasNext = older ? page.more : true;
      const hasPrev = older ? key !== undefined : page.more;
      const links: Link[] = [
        { ...linkTo('self'), href: url.toString(), type },
        { href: `${base(request)}/collections/${COLLECTION_ID}`, rel: 'collection', type: JSON_TYPE },
      ];
      if (hasNext) links.push(linkTo('next', { after: page.lastKey ?? cursor! }));
      if (hasPrev) links.push(linkTo('prev', { before: page.firstKey ?? cursor! }));
      // The features are text PostgreSQL wrote; the frame around them is small.
      const body = `{"type":"FeatureCollection","features":[${page.features.join(',')}],"links":${JSON.stringify(links)},"timeStamp":${JSON.stringify(new Date().toISOString())},${page.matched === undefined ? '' : `"numberMatched":${page.matched},`}"numberReturned":${page.features.length}}`;
      return sendText(reply, type, body);
    },
  );

  app.get(
    `${OGC_BASE}/collections/:collectionId/items/:featureId`,
    {
      schema: {
        tags,
        operationId: 'ogcItem',
        summary: 'OGC API – Features: one alert',
        params: ItemParams,
        response: { 200: geoJsonAnswer(AlertFeatureSchema, 'The feature'), ...problemResponses(404) },
      },
      config: { queryBudget: true },
    },
    async (request, reply) => {
      const { collectionId, featureId } = request.params;
      assertCollection(collectionId);
      const feature = UUID_PATTERN.test(featureId) ? await app.features.byId(featureId) : undefined;
      if (feature === undefined) throw new HttpProblem({ status: 404, detail: `There is no alert ${featureId}.` });
      return sendText(reply, featureMediaType(request), feature);
    },
  );
};

export default fp(ogcFeatures, {
  name: 'wildalert-ogc-features-routes',
  dependencies: ['wildalert-errors', 'wildalert-repositories', 'wildalert-query-budget', 'wildalert-docs'],
  encapsulate: true,
});
