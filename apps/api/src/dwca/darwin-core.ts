/**
 * What the Darwin Core Archive (GET /exports/dwca.zip) says: its two tables, each column a term
 * with the SQL that writes it, and the meta.xml and eml.xml describing them (https://dwc.tdwg.org/text/,
 * GBIF's metadata profile). The repository (dwca-repository.ts) runs the SQL; the route zips it.
 */
import { create } from 'xmlbuilder2';
import { ANIMALS, LICENCES, LICENCE_URIS, type Licence } from '@wildalert/shared';
import { CELL_DEGREES } from '../repositories/public-location.ts';
import type { DwcaConfig } from '../config.ts';

const DWC = 'http://rs.tdwg.org/dwc/terms/';
const DC = 'http://purl.org/dc/terms/';

/**
 * The parameters every table's SQL reads: $1 the origin identifiers start with, $2 the rights
 * holder of CC BY records; the occurrences' also the catalogue's columns ($3…) as parallel arrays.
 */
const ORIGIN = '$1';
const RIGHTS_HOLDER = '$2';

/** A timestamp as ISO 8601 with the offset of the transaction's time zone (set per page to the city's). */
const localIso = (column: string) => `to_char(${column}, 'YYYY-MM-DD"T"HH24:MI:SS.MSTZH:TZM')`;

/** Text by a column's value; '' otherwise. */
const cases = (column: string, values: Record<string, string>) =>
  `CASE ${column} ${Object.entries(values)
    .map(([when, then]) => `WHEN '${when}' THEN '${then}'`)
    .join(' ')} ELSE '' END`;

const LICENCE_URI = cases('a.licence', LICENCE_URIS);

/**
 * How far the true point may be from the published one, in metres. A point set by a tap on a
 * map or a phone's position, of an animal seen from some distance: 100 m. A sensitive species'
 * published point is its grid cell's centre (public-location.ts), as much as half the cell's
 * diagonal further: a cell is CELL_DEGREES of latitude high and about as wide.
 */
const REPORTED_UNCERTAINTY_M = 100;
const CELL_HALF_DIAGONAL_M = Math.ceil((CELL_DEGREES * 111_320 * Math.SQRT2) / 2);

/**
 * Per animal, the catalogue's terms, sent as parallel arrays and joined to each alert as `t`:
 * PostgreSQL then writes whole lines, and Node passes text through.
 */
const CATALOGUE = {
  animal: ANIMALS.map((a) => a.key),
  scientific_name: ANIMALS.map((a) => a.scientificName),
  taxon_rank: ANIMALS.map((a) => a.taxonRank),
  kingdom: ANIMALS.map((a) => a.kingdom),
  // The dataset is Polish; the Polish name is the one the reporter chose.
  vernacular_name: ANIMALS.map((a) => a.namePl),
  uncertainty: ANIMALS.map((a) => String(a.sensitive ? REPORTED_UNCERTAINTY_M + CELL_HALF_DIAGONAL_M : REPORTED_UNCERTAINTY_M)),
  generalizations: ANIMALS.map((a) =>
    a.sensitive ? `Coordinates generalised to the centre of a grid cell of ${CELL_DEGREES} degrees of latitude (about 1.1 km square): a protected species` : '',
  ),
  withheld: ANIMALS.map((a) => (a.sensitive ? 'Exact location withheld: a protected species' : '')),
};

/** `JOIN` of the catalogue's arrays to a row `a` of alerts, as `t`. */
export const CATALOGUE_JOIN = `JOIN unnest(${Object.keys(CATALOGUE)
  .map((_, i) => `$${i + 3}::text[]`)
  .join(', ')}) AS t(${Object.keys(CATALOGUE).join(', ')}) ON t.animal = a.animal`;

/** The licences an archive under `licence` may hold: its own and any more open one. */
export const licencesUnder = (licence: Licence): Licence[] => (licence === 'CC0-1.0' ? ['CC0-1.0'] : [...LICENCES]);

/** The parameters every table's SQL reads ($1, $2). */
export const sharedParams = (origin: string, config: DwcaConfig): unknown[] => [origin, tsvText(config.rightsHolder)];

/** The catalogue's arrays, the occurrences' parameters after the shared ones. */
export const CATALOGUE_PARAMS: unknown[] = Object.values(CATALOGUE);

interface Column {
  term: string;
  /** SQL of its text, over a row `a` of alerts (and `t` of the catalogue, `p` of photos); never null. */
  sql: string;
}

const ALERT_URI = `${ORIGIN} || '/Alerts/' || a.id`;

/**
 * The core's columns. identificationVerificationStatus will join them when alerts have a
 * verification level (the trust issue): one more CASE over that column here.
 */
export const OCCURRENCE_COLUMNS: Column[] = [
  { term: `${DWC}occurrenceID`, sql: ALERT_URI },
  { term: `${DWC}basisOfRecord`, sql: `'HumanObservation'` },
  { term: `${DWC}occurrenceStatus`, sql: `'present'` },
  { term: `${DWC}eventDate`, sql: localIso('a.created_at') },
  // The published point: exactly what every public read shows (public_location).
  { term: `${DWC}decimalLatitude`, sql: 'ST_Y(a.public_location::geometry)::text' },
  { term: `${DWC}decimalLongitude`, sql: 'ST_X(a.public_location::geometry)::text' },
  { term: `${DWC}geodeticDatum`, sql: `'EPSG:4326'` },
  { term: `${DWC}coordinateUncertaintyInMeters`, sql: 't.uncertainty' },
  { term: `${DWC}dataGeneralizations`, sql: 't.generalizations' },
  { term: `${DWC}informationWithheld`, sql: 't.withheld' },
  { term: `${DWC}scientificName`, sql: 't.scientific_name' },
  { term: `${DWC}taxonRank`, sql: 't.taxon_rank' },
  { term: `${DWC}kingdom`, sql: 't.kingdom' },
  { term: `${DWC}vernacularName`, sql: 't.vernacular_name' },
  // Only "one" is a count; "two to five" and "more" are left for the reader to not guess.
  { term: `${DWC}individualCount`, sql: cases('a.how_many', { one: '1' }) },
  { term: `${DWC}lifeStage`, sql: `CASE a.young WHEN true THEN 'juvenile' WHEN false THEN 'adult' ELSE '' END` },
  { term: `${DWC}behavior`, sql: cases('a.behaviour', { calm: 'calm', 'crossing-road': 'crossing a road', aggressive: 'aggressive', injured: 'injured' }) },
  {
    term: `${DWC}vitality`,
    sql: `CASE WHEN a.behaviour IN ('dead-on-road', 'found-dead') THEN 'dead' WHEN a.behaviour IS NOT NULL THEN 'alive' ELSE '' END`,
  },
  // The level of issue 35 as it is: unverified, likely, confirmed, corrected (the animal as corrected: scientificName follows it).
  { term: `${DWC}identificationVerificationStatus`, sql: 'a.verification' },
  { term: `${DC}license`, sql: LICENCE_URI },
  // CC0 waives every right: nobody to credit.
  { term: `${DC}rightsHolder`, sql: `CASE a.licence WHEN 'CC-BY-4.0' THEN ${RIGHTS_HOLDER} ELSE '' END` },
  // The record changes when a photo is added or hidden: the alert keeps when (migration 030).
  { term: `${DC}modified`, sql: localIso('greatest(a.created_at, a.photos_changed_at)') },
];

/** The Simple Multimedia extension's columns, after the core's id: one row per shown photo (its larger copy). */
export const MULTIMEDIA_COLUMNS: Column[] = [
  { term: `${DC}type`, sql: `'StillImage'` },
  { term: `${DC}format`, sql: `'image/webp'` },
  { term: `${DC}identifier`, sql: `${ORIGIN} || '/photos/' || p.large_key` },
  { term: `${DC}references`, sql: ALERT_URI },
  { term: `${DC}license`, sql: LICENCE_URI },
  { term: `${DC}rightsHolder`, sql: `CASE a.licence WHEN 'CC-BY-4.0' THEN ${RIGHTS_HOLDER} ELSE '' END` },
];

export const MULTIMEDIA_ID_SQL = ALERT_URI;

/** Columns as one line of tab-separated text (no quoting: no value holds a tab or a line end). */
export const tsvLine = (sqls: string[]) => `concat_ws(E'\\t', ${sqls.join(', ')})`;

/** The header line of a table: each term's name, as GBIF's own archives write it. */
export const headerLine = (names: string[]) => `${names.join('\t')}\n`;

export const termName = (term: string) => term.slice(term.lastIndexOf('/') + 1);

/** Text for a cell: the archive quotes nothing, so tabs and line ends become spaces. */
const tsvText = (text: string) => text.replace(/[\t\r\n]+/g, ' ');

const table = (location: string, rowType: string, idTag: 'id' | 'coreid', fields: Array<{ index: number; term: string }>) => ({
  '@encoding': 'UTF-8',
  '@fieldsTerminatedBy': '\\t',
  '@linesTerminatedBy': '\\n',
  '@fieldsEnclosedBy': '',
  '@ignoreHeaderLines': '1',
  '@rowType': rowType,
  files: { location },
  [idTag]: { '@index': '0' },
  field: fields.map((f) => ({ '@index': String(f.index), '@term': f.term })),
});

/** meta.xml: which file is which table, how it is split, and each column's term. */
export function metaXml(): string {
  return create({ version: '1.0', encoding: 'UTF-8' })
    .ele({
      archive: {
        '@xmlns': 'http://rs.tdwg.org/dwc/text/',
        '@metadata': 'eml.xml',
        core: table('occurrence.txt', `${DWC}Occurrence`, 'id', OCCURRENCE_COLUMNS.map((c, index) => ({ index, term: c.term }))),
        extension: table('multimedia.txt', 'http://rs.gbif.org/terms/1.0/Multimedia', 'coreid', MULTIMEDIA_COLUMNS.map((c, i) => ({ index: i + 1, term: c.term }))),
      },
    })
    .end({ prettyPrint: true });
}

const LICENCE_TITLES: Record<Licence, string> = {
  'CC0-1.0': 'Public Domain (CC0 1.0)',
  'CC-BY-4.0': 'Creative Commons Attribution (CC-BY) 4.0 License',
};

/** eml.xml: the dataset's metadata (EML 2.1.1 in GBIF's profile), from configuration. */
export function emlXml(config: DwcaConfig, origin: string, today: string): string {
  const party = { organizationName: config.publisher, ...(config.contactEmail ? { electronicMailAddress: config.contactEmail } : {}) };
  return create({ version: '1.0', encoding: 'UTF-8' })
    .ele({
      'eml:eml': {
        '@xmlns:eml': 'eml://ecoinformatics.org/eml-2.1.1',
        '@xmlns:dc': 'http://purl.org/dc/terms/',
        '@xmlns:xsi': 'http://www.w3.org/2001/XMLSchema-instance',
        '@xsi:schemaLocation': 'eml://ecoinformatics.org/eml-2.1.1 http://rs.gbif.org/schema/eml-gbif-profile/1.2/eml.xsd',
        '@packageId': `${origin}/exports/dwca.zip`,
        '@system': origin,
        '@scope': 'system',
        '@xml:lang': 'en',
        // EML's order of elements matters: the schema lists them in this order.
        dataset: {
          alternateIdentifier: `${origin}/exports/dwca.zip`,
          title: { '@xml:lang': 'en', '#': config.title },
          creator: party,
          metadataProvider: party,
          pubDate: today,
          language: 'pol',
          abstract: {
            para:
              'Wild animals (wild boar, foxes, deer and their neighbours) that residents saw in the city and reported on ' +
              'a public map, anonymously, each with the licence its reporter gave. Protected species are published at the ' +
              'centre of a grid cell about 1 km across, never at the reported point. Reports hidden by moderators are left out.',
          },
          intellectualRights: {
            para: {
              '#': 'This work is licensed under a ',
              ulink: { '@url': LICENCE_URIS[config.licence], citetitle: LICENCE_TITLES[config.licence] },
            },
          },
          contact: party,
          publisher: party,
        },
      },
    })
    .end({ prettyPrint: true });
}
