import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Organisation } from '@wildalert/shared';
import { activate, loadMessages } from '../../../i18n/i18n.ts';
import { bodyFromForm, formErrorsFromProblem, formFromOrganisation, parsePolygon, type OrganisationForm } from './organisation-form.ts';

beforeAll(() => loadMessages('staff'));
afterAll(() => activate('pl'));

const SQUARE = [
  [19.9, 50.0],
  [20.0, 50.0],
  [20.0, 50.1],
  [19.9, 50.0],
];

const VET: Organisation = {
  id: '7d5a3b9e-2f4c-4c56-9b1a-0c6f0e8b2a11',
  name: { pl: 'Powiatowy Lekarz Weterynarii w Krakowie', en: 'District Veterinary Officer' },
  phone: null,
  url: 'https://piw.krakow.pl',
  area: { type: 'Polygon', coordinates: [SQUARE] },
  rules: [{ animals: ['boar'], behaviours: ['dead-on-road', 'found-dead'] }],
  callFor: ['dead-on-road'],
  hours: [{ days: [1, 2, 3, 4, 5], from: '07:30', to: '15:30' }],
  inbox: true,
  members: [],
};

const form = (change: Partial<OrganisationForm> = {}): OrganisationForm => ({ ...formFromOrganisation(), name: { pl: 'Straż Miejska', en: '', uk: '' }, ...change });

describe('the organisation form', () => {
  it("sends back what it was given: an organisation's form, unchanged, is its body", () => {
    const { members: _, id: __, ...body } = VET;
    expect(bodyFromForm(formFromOrganisation(VET))).toEqual({ body });
  });

  it('starts a new one as an inbox for any report, everywhere, always, and leaves out the names not given', () => {
    expect(bodyFromForm(form())).toEqual({
      body: { name: { pl: 'Straż Miejska' }, phone: null, url: null, area: null, rules: [{ animals: null, behaviours: null }], callFor: [], hours: null, inbox: true },
    });
  });

  it('reads a circle typed with decimal commas, and says what is wrong with one out of range', () => {
    const circle = { latitude: '50,06', longitude: '19.94', radiusKm: '2,5' };
    expect(bodyFromForm(form({ areaKind: 'circle', circle })).body?.area).toEqual({ latitude: 50.06, longitude: 19.94, radiusKm: 2.5 });
    expect(bodyFromForm(form({ areaKind: 'circle', circle: { ...circle, radiusKm: '0' } })).errors).toEqual({ area: expect.stringMatching(/promień/) });
    expect(bodyFromForm(form({ areaKind: 'circle', circle: { ...circle, latitude: '' } })).errors?.area).toBeDefined();
  });

  it('marks every field the browser can check, and sends nothing then', () => {
    const result = bodyFromForm(
      form({
        name: { pl: '  ', en: '', uk: '' },
        phone: '986-ABC',
        url: 'http://example.com',
        areaKind: 'polygon',
        polygon: '{"type":"Point"}',
        rules: [{ animals: [], behaviours: null }],
        always: false,
        hours: [{ days: [], from: '08:00', to: '16:00' }],
      }),
    );
    expect(result.body).toBeUndefined();
    expect(Object.keys(result.errors ?? {}).sort()).toEqual(['area', 'hours', 'name.pl', 'phone', 'rules', 'url']);
    expect(bodyFromForm(form({ always: false, hours: [{ days: [1], from: '16:00', to: '08:00' }] })).errors?.hours).toBe('Godzina „od” musi być wcześniejsza niż „do”.');
  });
});

describe('a pasted polygon', () => {
  it('is a GeoJSON Polygon, or a Feature or a one-feature collection holding one', () => {
    const polygon = { type: 'Polygon', coordinates: [SQUARE] };
    expect(parsePolygon(JSON.stringify(polygon))).toEqual(polygon);
    expect(parsePolygon(JSON.stringify({ type: 'Feature', properties: {}, geometry: polygon }))).toEqual(polygon);
    expect(parsePolygon(JSON.stringify({ type: 'FeatureCollection', features: [{ type: 'Feature', geometry: polygon }] }))).toEqual(polygon);
  });

  it('is refused when it is not JSON, not a polygon, an open ring, too short, or out of range', () => {
    expect(parsePolygon('{')).toBeNull();
    expect(parsePolygon(JSON.stringify({ type: 'MultiPolygon', coordinates: [[SQUARE]] }))).toBeNull();
    expect(parsePolygon(JSON.stringify({ type: 'Polygon', coordinates: [SQUARE.slice(0, 3)] }))).toBeNull();
    expect(parsePolygon(JSON.stringify({ type: 'Polygon', coordinates: [[...SQUARE.slice(0, 3), [19.95, 50.05]]] }))).toBeNull();
    expect(parsePolygon(JSON.stringify({ type: 'Polygon', coordinates: [SQUARE.map(([lng, lat]) => [lat, lng! + 200])] }))).toBeNull();
    expect(parsePolygon(JSON.stringify({ type: 'Polygon', coordinates: [] }))).toBeNull();
  });
});

describe("the server's field errors", () => {
  it('land at their fields in the language in use, and what belongs to none above the form', async () => {
    await activate('en');
    expect(
      formErrorsFromProblem({
        'name.uk': [{ code: 'too_long', limit: 200, message: 'must be at most 200 characters long' }],
        'area.radiusKm': [{ code: 'too_large', limit: 1000, message: 'must be at most 1000' }],
        url: [{ code: 'not_https', message: 'must be an https URL' }],
        'hours.from': [{ code: 'invalid', message: 'is invalid' }],
        members: [{ code: 'unknown_field', message: 'is not a known field' }],
      }),
    ).toEqual({
      'name.uk': 'At most 200 characters.',
      area: 'Check this value.',
      url: 'Give an address starting with https://.',
      hours: 'Check this value.',
      form: 'Check this value.',
    });
  });
});
