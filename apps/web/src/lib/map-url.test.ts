import { describe, expect, it } from 'vitest';
import { filterLevel, readMapUrl, showsAnimal, showsLevel, sinceOf, writeMapUrl, type MapUrlState } from './map-url.ts';

describe('map URL state', () => {
  it('defaults to the last 7 days, every animal, the map, no view', () => {
    expect(readMapUrl('')).toEqual({ window: '7d', animals: [], list: false, view: undefined });
    expect(writeMapUrl(readMapUrl(''))).toBe('');
  });

  it('round-trips every field', () => {
    const state: MapUrlState = {
      window: '30d',
      animals: ['boar', 'fox'],
      list: true,
      view: { latitude: 50.06143, longitude: 19.93658, zoom: 15 },
    };
    const search = writeMapUrl(state);
    expect(search).toBe('?t=30d&animal=boar&animal=fox&view=list&lat=50.06143&lng=19.93658&z=15');
    expect(readMapUrl(search)).toEqual(state);
  });

  it('keeps animals in catalogue order, once each, and drops unknown ones', () => {
    expect(readMapUrl('?animal=fox&animal=dragon&animal=boar&animal=fox').animals).toEqual(['boar', 'fox']);
  });

  it('falls back to defaults for mistyped values', () => {
    expect(readMapUrl('?t=1y&view=grid')).toMatchObject({ window: '7d', list: false });
    for (const bad of ['lat=91&lng=19&z=13', 'lat=50&lng=19&z=13.5', 'lat=50&lng=&z=13', 'lat=50&lng=19', 'lat=x&lng=19&z=3', 'lat=50&lng=19&z=20']) {
      expect(readMapUrl(`?${bad}`).view, bad).toBeUndefined();
    }
  });

  it('holds the hotspot view: a season and a time of day, overnight too, the whole year and day by default', () => {
    const state: MapUrlState = { window: '7d', animals: ['boar'], list: false, hotspots: { season: 'autumn', hours: { from: 21, to: 5 } } };
    const search = writeMapUrl(state);
    expect(search).toBe('?animal=boar&hotspots=1&season=autumn&hours=21-5');
    expect(readMapUrl(search)).toEqual({ ...state, view: undefined });
    expect(readMapUrl('?hotspots=1').hotspots).toEqual({});
    expect(readMapUrl('?season=autumn&hours=1-2').hotspots).toBeUndefined();
    // What the API would refuse (or mean the whole day) is the whole day.
    for (const bad of ['24-3', '5-5', '3-25', '0-24', 'x-3', '16']) {
      expect(readMapUrl(`?hotspots=1&hours=${bad}&season=fall`).hotspots, bad).toEqual({});
    }
  });

  it('rounds the view: about a metre, whole zoom levels', () => {
    const search = writeMapUrl({ window: '7d', animals: [], list: false, view: { latitude: 50.0496834, longitude: -0.1234567, zoom: 12.6 } });
    expect(search).toBe('?lat=50.04968&lng=-0.12346&z=13');
  });
});

describe('sinceOf', () => {
  const now = Date.parse('2026-11-23T12:00:00.000Z');
  it('counts back from now', () => {
    expect(sinceOf('24h', now)).toBe('2026-11-22T12:00:00.000Z');
    expect(sinceOf('7d', now)).toBe('2026-11-16T12:00:00.000Z');
    expect(sinceOf('30d', now)).toBe('2026-10-24T12:00:00.000Z');
    expect(sinceOf('all', now)).toBeUndefined();
  });
  it('starts at a whole minute, so the searches of one minute are alike', () => {
    expect(sinceOf('24h', now + 59_999)).toBe('2026-11-22T12:00:00.000Z');
    expect(sinceOf('24h', now + 60_000)).toBe('2026-11-22T12:01:00.000Z');
  });
});

describe('showsAnimal', () => {
  it('shows every animal when none is chosen, else only the chosen', () => {
    expect(showsAnimal({ window: '7d', animals: [] }, 'wolf')).toBe(true);
    expect(showsAnimal({ window: '7d', animals: ['boar'] }, 'boar')).toBe(true);
    expect(showsAnimal({ window: '7d', animals: ['boar'] }, 'fox')).toBe(false);
  });

  it('keeps "confirmed only" in the address and asks the API for confirmed and corrected alerts (issue 35)', () => {
    const state = readMapUrl('?verification=confirmed&animal=boar');
    expect(state).toMatchObject({ confirmed: true, animals: ['boar'] });
    expect(writeMapUrl(state)).toBe('?animal=boar&verification=confirmed');
    expect(writeMapUrl({ ...state, confirmed: false })).toBe('?animal=boar');
    // A mistyped level is every level, as other mistyped values fall back to the defaults.
    expect(readMapUrl('?verification=sure').confirmed).toBeUndefined();
    const query = new URLSearchParams();
    filterLevel(query, state);
    expect(query.toString()).toBe('verification=confirmed');
    // Live additions pass as the API's filter would let them.
    expect(showsLevel(state, { verification: { level: 'corrected' } })).toBe(true);
    expect(showsLevel(state, { verification: { level: 'likely' } })).toBe(false);
    expect(showsLevel(state, {})).toBe(false);
    expect(showsLevel({ window: '7d', animals: [] }, { verification: { level: 'unverified' } })).toBe(true);
  });
});
