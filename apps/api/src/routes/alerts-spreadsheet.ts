/**
 * /Alerts.xlsx: the alerts of GET /Alerts as a spreadsheet for people (issue 34). The CSV is
 * for programs; a city worker opening it gets English codes, UTC times, relative photo paths,
 * and in a Polish Excel, where the list separator is a semicolon, one column. An XLSX file has
 * none of those traps: real dates on the city's clocks, numbers as numbers, the headings and
 * values in the visitor's language, and absolute links.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import fp from 'fastify-plugin';
import { Type } from 'typebox';
import writeExcelFile, { type Cell } from 'write-excel-file/node';
import {
  AlertsQuerySchema,
  animalByKey,
  animalName,
  LANGUAGES,
  LIMIT_DEFAULT,
  RADIUS_DEFAULT_KM,
  type Alert,
  type AlertListResponse,
  type Language,
} from '@wildalert/shared';
import type { MessageKey } from '../i18n/catalogues.ts';
import { negotiateLanguage, translate } from '../i18n/language.ts';
import { officialStatusLine } from '../i18n/official-status-line.ts';
import { problemResponses } from '../http/problem.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const AlertsSpreadsheetQuerySchema = Type.Object(
  {
    ...AlertsQuerySchema.properties,
    lang: Type.Optional(
      Type.Enum([...LANGUAGES], { description: 'The language of the headings and values; absent: the best match of Accept-Language, else Polish' }),
    ),
  },
  { additionalProperties: false },
);

/** A code as a message's select keyword: ICU keywords hold no hyphen (`two-to-five` is `twoToFive`). */
const selector = (code: string) => code.replace(/-(.)/g, (_, c: string) => c.toUpperCase());

/**
 * An instant as the city's clocks showed it. A spreadsheet's dates have no time zone, and
 * write-excel-file writes a Date's UTC fields: the Date given is the wall time read as UTC.
 */
function wallTime(iso: string, timeZone: string): Date {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(iso));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)!.value);
  return new Date(Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second')));
}

interface Column {
  heading: MessageKey;
  /** Its width, in characters. */
  width: number;
  cell(alert: Alert): Cell;
}

/** The columns, the most telling first: what, when, where. */
function columns(language: Language, timeZone: string, origin: string): Column[] {
  const say = (key: MessageKey, values?: Record<string, unknown>) => translate(language, key, values);
  const date = (iso: string): Cell => ({ value: wallTime(iso, timeZone), format: 'yyyy-mm-dd hh:mm' });
  const degrees = (value: number): Cell => ({ value, format: '0.00000' });
  return [
    { heading: 'sheet.column.reported', width: 17, cell: (a) => date(a.createdAt) },
    { heading: 'sheet.column.animal', width: 16, cell: (a) => animalName(animalByKey(a.animal), language) },
    { heading: 'sheet.column.howMany', width: 9, cell: (a) => a.howMany && say('sheet.howMany', { howMany: selector(a.howMany) }) },
    { heading: 'sheet.column.young', width: 8, cell: (a) => a.young === null ? null : say('sheet.young', { young: String(a.young) }) },
    { heading: 'sheet.column.behaviour', width: 18, cell: (a) => a.behaviour && say('sheet.behaviour', { behaviour: selector(a.behaviour) }) },
    // Text as typed: `@` keeps a spreadsheet from reading "=1+1" as a formula or "1/2" as a date.
    { heading: 'sheet.column.comment', width: 40, cell: (a) => (a.comments === '' ? null : { value: a.comments, format: '@', wrap: true }) },
    { heading: 'sheet.column.place', width: 28, cell: (a) => a.place && [a.place.street, a.place.district].filter(Boolean).join(', ') },
    { heading: 'sheet.column.latitude', width: 11, cell: (a) => degrees(a.latitude) },
    { heading: 'sheet.column.longitude', width: 11, cell: (a) => degrees(a.longitude) },
    { heading: 'sheet.column.stillThere', width: 10, cell: (a) => a.stillThere },
    { heading: 'sheet.column.gone', width: 10, cell: (a) => a.gone },
    { heading: 'sheet.column.lastSeen', width: 17, cell: (a) => date(a.lastSeenAt) },
    {
      heading: 'sheet.column.officialStatus',
      width: 34,
      cell: (a) => a.officialStatus && { value: officialStatusLine(a.officialStatus, language, timeZone), wrap: true },
    },
    { heading: 'sheet.column.link', width: 30, cell: (a) => `${origin}/WildAlertApp/alerts/${a.id}?lang=${language}` },
    { heading: 'sheet.column.photos', width: 30, cell: (a) => (a.photos.length === 0 ? null : a.photos.map((p) => origin + p.url).join('\n')) },
    { heading: 'sheet.column.id', width: 37, cell: (a) => a.id },
  ];
}

/** The spreadsheet's bytes: a heading row that stays in view, then a row per alert, in the order of GET /Alerts. */
async function alertsSpreadsheet(alerts: readonly Alert[], language: Language, timeZone: string, origin: string): Promise<Buffer> {
  const list = columns(language, timeZone, origin);
  const headings: Cell[] = list.map((c) => ({ value: translate(language, c.heading), fontWeight: 'bold' }));
  const rows = alerts.map((alert) => list.map((c) => c.cell(alert)));
  return writeExcelFile([headings, ...rows], {
    sheet: translate(language, 'sheet.name'),
    columns: list.map((c) => ({ width: c.width })),
    stickyRowsCount: 1,
  }).toBuffer();
}

const alertsSpreadsheetRoutes: FastifyPluginAsyncTypebox<{ timeZone: string }> = async (app, { timeZone }) => {
  app.get(
    '/Alerts.xlsx',
    {
      schema: {
        tags: ['alerts'],
        operationId: 'searchAlertsSpreadsheet',
        summary: 'The alerts of GET /Alerts as a spreadsheet, for people',
        description:
          'Same query and validation as `GET /Alerts`, and `lang`. An Office Open XML workbook (.xlsx) with one sheet: ' +
          'a heading row in Polish, English or Ukrainian, then a row per alert: when it was reported and last seen ' +
          "(dates on the server's TIME_ZONE clocks), the animal, how many, young, behaviour, the description (as text, never a formula), " +
          "the place, the published point, the votes, the organisations' latest step, a link to the alert on the map, " +
          'the photos\' addresses and the ID. For programs, `GET /Alerts.csv` is the stable format.',
        querystring: AlertsSpreadsheetQuerySchema,
        response: {
          200: { description: 'An XLSX workbook', content: { [XLSX]: { schema: Type.Unsafe({ type: 'string', format: 'binary' }) } } },
          ...problemResponses(400),
        },
      },
      config: { queryBudget: true },
    },
    async (request, reply) => {
      const { lang, ...filters } = request.query;
      const language = lang ?? negotiateLanguage(request.headers['accept-language'], 'pl');
      const query = { ...filters, radius: filters.radius ?? RADIUS_DEFAULT_KM, limit: filters.limit ?? LIMIT_DEFAULT };
      const { data } = JSON.parse(await app.services.alerts.search(query)) as AlertListResponse;
      const body = await alertsSpreadsheet(data, language, timeZone, `${request.protocol}://${request.host}`);
      reply.header('content-disposition', 'attachment; filename="wildalert-alerts.xlsx"').header('content-language', language);
      reply.header('vary', 'Accept-Language');
      return reply.type(XLSX).send(body);
    },
  );
};

export default fp(alertsSpreadsheetRoutes, {
  name: 'wildalert-alerts-spreadsheet-routes',
  dependencies: ['wildalert-errors', 'wildalert-services', 'wildalert-query-budget', 'wildalert-docs'],
  encapsulate: true,
});
