/**
 * The organisation form's state and its two translations: from an organisation (or nothing, for
 * a new one) to what the fields hold, and from the fields to the body the API takes, with what
 * the browser can tell is wrong at once (the server checks everything again). A problem+json
 * answer's field errors land at the same fields.
 */
import type { AnimalKey, Behaviour, FieldError, FieldErrors, Organisation, OrganisationBody } from '@wildalert/shared';
import { t } from '../../../i18n/i18n.ts';

type AreaKind = 'everywhere' | 'circle' | 'polygon';

/** One rule: these animals doing these things; null is "any". */
export interface RuleRow {
  animals: AnimalKey[] | null;
  behaviours: Behaviour[] | null;
}

export interface HoursRow {
  days: number[];
  from: string;
  to: string;
}

export interface OrganisationForm {
  name: { pl: string; en: string; uk: string };
  phone: string;
  url: string;
  areaKind: AreaKind;
  circle: { latitude: string; longitude: string; radiusKm: string };
  /** A GeoJSON Polygon as pasted (or a Feature holding one). */
  polygon: string;
  rules: RuleRow[];
  callFor: Behaviour[];
  /** Reads its inbox at any hour: `hours` is then left out (null). */
  always: boolean;
  hours: HoursRow[];
  inbox: boolean;
}

/** Where an error is shown: at a field, or above the form when no field is its. */
type FormField = 'name.pl' | 'name.en' | 'name.uk' | 'phone' | 'url' | 'area' | 'rules' | 'callFor' | 'hours' | 'inbox' | 'form';
export type FormErrors = Partial<Record<FormField, string>>;

/** Kraków's centre, where a new circle starts. */
const START_CIRCLE = { latitude: '50.061', longitude: '19.937', radiusKm: '10' };
/** A new row of hours: the working week's office hours. */
const NEW_HOURS: HoursRow = { days: [1, 2, 3, 4, 5], from: '08:00', to: '16:00' };

export function newHoursRow(): HoursRow {
  return { ...NEW_HOURS, days: [...NEW_HOURS.days] };
}

export function formFromOrganisation(organisation?: Organisation): OrganisationForm {
  const area = organisation?.area ?? null;
  return {
    name: { pl: organisation?.name.pl ?? '', en: organisation?.name.en ?? '', uk: organisation?.name.uk ?? '' },
    phone: organisation?.phone ?? '',
    url: organisation?.url ?? '',
    areaKind: area === null ? 'everywhere' : 'type' in area ? 'polygon' : 'circle',
    circle: area !== null && !('type' in area) ? { latitude: String(area.latitude), longitude: String(area.longitude), radiusKm: String(area.radiusKm) } : START_CIRCLE,
    polygon: area !== null && 'type' in area ? JSON.stringify(area) : '',
    rules: organisation?.rules.map((rule) => ({ animals: rule.animals, behaviours: rule.behaviours })) ?? [{ animals: null, behaviours: null }],
    callFor: organisation ? [...organisation.callFor] : [],
    always: organisation ? organisation.hours === null : true,
    hours: organisation?.hours?.map((row) => ({ ...row, days: [...row.days] })) ?? [newHoursRow()],
    inbox: organisation?.inbox ?? true,
  };
}

/** A number typed in either decimal notation ("50,06" as Polish people write it). */
function parseNumber(text: string): number | null {
  const value = Number(text.trim().replace(',', '.'));
  return text.trim() === '' || !Number.isFinite(value) ? null : value;
}

type Polygon = Extract<NonNullable<OrganisationBody['area']>, { type: 'Polygon' }>;

const isPosition = (p: unknown): p is [number, number] =>
  Array.isArray(p) && p.length === 2 && p.every((n) => typeof n === 'number' && Number.isFinite(n)) && Math.abs(p[0] as number) <= 180 && Math.abs(p[1] as number) <= 90;

/**
 * A pasted GeoJSON Polygon, or a Feature (or a collection of one) that holds one, as drawing
 * tools export them; null when it is none. Each ring closed, of four positions at least, as RFC 7946 wants.
 */
export function parsePolygon(text: string): Polygon | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const unwrap = (v: unknown): unknown => {
    if (typeof v !== 'object' || v === null) return v;
    const o = v as { type?: unknown; geometry?: unknown; features?: unknown };
    if (o.type === 'Feature') return unwrap(o.geometry);
    if (o.type === 'FeatureCollection' && Array.isArray(o.features) && o.features.length === 1) return unwrap(o.features[0]);
    return v;
  };
  const geometry = unwrap(value) as { type?: unknown; coordinates?: unknown } | null;
  if (typeof geometry !== 'object' || geometry === null || geometry.type !== 'Polygon' || !Array.isArray(geometry.coordinates)) return null;
  const rings = geometry.coordinates as unknown[];
  if (rings.length === 0) return null;
  for (const ring of rings) {
    if (!Array.isArray(ring) || ring.length < 4 || !ring.every(isPosition)) return null;
    const first = ring[0] as number[];
    const last = ring.at(-1) as number[];
    if (first[0] !== last[0] || first[1] !== last[1]) return null;
  }
  return { type: 'Polygon', coordinates: rings as number[][][] };
}

/** The circle typed in, or null when a number is missing or out of range. */
function parseCircle(circle: OrganisationForm['circle']): { latitude: number; longitude: number; radiusKm: number } | null {
  const latitude = parseNumber(circle.latitude);
  const longitude = parseNumber(circle.longitude);
  const radiusKm = parseNumber(circle.radiusKm);
  if (latitude === null || longitude === null || radiusKm === null) return null;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180 || radiusKm <= 0 || radiusKm > 1000) return null;
  return { latitude, longitude, radiusKm };
}

/** The area as the form holds it now, for the map's preview: undefined while it is not a valid one. */
export function formArea(form: OrganisationForm): OrganisationBody['area'] | undefined {
  if (form.areaKind === 'everywhere') return null;
  if (form.areaKind === 'circle') return parseCircle(form.circle) ?? undefined;
  return parsePolygon(form.polygon) ?? undefined;
}

const PHONE = /^\+?[0-9 ]{3,20}$/;
const CLOCK = /^([01][0-9]|2[0-3]):[0-5][0-9]$|^24:00$/;

/** The body to send, or what is wrong at which field. */
export function bodyFromForm(form: OrganisationForm): { body: OrganisationBody; errors?: undefined } | { body?: undefined; errors: FormErrors } {
  const errors: FormErrors = {};
  const name = { pl: form.name.pl.trim(), en: form.name.en.trim(), uk: form.name.uk.trim() };
  if (name.pl === '') errors['name.pl'] = t('staff.field.required');
  const phone = form.phone.trim();
  if (phone !== '' && !PHONE.test(phone)) errors.phone = t('staff.organisations.errors.phone');
  const url = form.url.trim();
  if (url !== '' && !/^https:\/\/\S+$/.test(url)) errors.url = t('staff.field.notHttps');
  const area = formArea(form);
  if (area === undefined) errors.area = t(form.areaKind === 'circle' ? 'staff.organisations.errors.circle' : 'staff.organisations.errors.polygon');
  if (form.rules.some((rule) => rule.animals?.length === 0 || rule.behaviours?.length === 0)) errors.rules = t('staff.organisations.errors.emptyRule');
  if (!form.always) {
    if (form.hours.length === 0) errors.hours = t('staff.organisations.errors.noHours');
    else if (form.hours.some((row) => row.days.length === 0)) errors.hours = t('staff.organisations.errors.noDays');
    else if (form.hours.some((row) => !CLOCK.test(row.from) || !CLOCK.test(row.to) || row.from >= row.to)) errors.hours = t('staff.organisations.errors.times');
  }
  if (Object.keys(errors).length > 0 || area === undefined) return { errors };
  return {
    body: {
      name: { pl: name.pl, ...(name.en === '' ? {} : { en: name.en }), ...(name.uk === '' ? {} : { uk: name.uk }) },
      phone: phone === '' ? null : phone,
      url: url === '' ? null : url,
      area,
      rules: form.rules.map((rule) => ({ animals: rule.animals, behaviours: rule.behaviours })),
      callFor: form.callFor,
      hours: form.always ? null : form.hours.map((row) => ({ days: [...row.days].sort(), from: row.from, to: row.to })),
      inbox: form.inbox,
    },
  };
}

/** One field error of the server's in the visitor's language, by its code. */
export function fieldMessage(error: FieldError): string {
  switch (error.code) {
    case 'required':
      return t('staff.field.required');
    case 'too_long':
      return t('staff.field.tooLong', { limit: error.limit ?? 0 });
    case 'too_many_items':
      return t('staff.field.tooMany', { limit: error.limit ?? 0 });
    case 'not_https':
      return t('staff.field.notHttps');
    default:
      return t('staff.field.invalid');
  }
}

const FIELDS: ReadonlyArray<[RegExp, FormField]> = [
  [/^name\.(pl|en|uk)$/, 'name.pl'],
  [/^phone$/, 'phone'],
  [/^url$/, 'url'],
  [/^area(\.|$)/, 'area'],
  [/^rules(\.|$)/, 'rules'],
  [/^callFor(\.|$)/, 'callFor'],
  [/^hours(\.|$)/, 'hours'],
  [/^inbox$/, 'inbox'],
];

/** A 400 answer's `errors` ("name.en", "area.radiusKm", "hours.from") at the form's fields; the rest above the form. */
export function formErrorsFromProblem(errors: FieldErrors): FormErrors {
  const out: FormErrors = {};
  for (const [path, list] of Object.entries(errors)) {
    const first = list[0];
    if (!first) continue;
    const match = FIELDS.find(([pattern]) => pattern.test(path));
    // Each of the three names has its own field.
    const field: FormField = match ? (match[1] === 'name.pl' ? (path as FormField) : match[1]) : 'form';
    out[field] ??= fieldMessage(first);
  }
  return out;
}
