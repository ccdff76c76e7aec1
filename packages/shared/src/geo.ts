/** Distance on the Earth, measured the same way by the web app, the API and their tests. */

/** The sphere PostGIS uses for geography without the spheroid: WGS 84's mean radius, in metres. */
export const EARTH_RADIUS_M = 6_371_008.7714;

export interface LatLon {
  latitude: number;
  longitude: number;
}

/** Great-circle distance in metres (haversine). */
export function distanceMetres(a: LatLon, b: LatLon): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * "350 m", "1,2 km", "15 km": metres below a kilometre, then kilometres, to one decimal below 10,
 * written by `Intl` in the language ("1.2 km" in English, "1,2 км" in Ukrainian).
 */
export function formatDistance(metres: number, language: string): string {
  const { m, km } = distanceFormats(language);
  if (metres < 1000) return m.format(Math.round(metres / 10) * 10);
  return km.format(metres < 10_000 ? metres / 1000 : Math.round(metres / 1000));
}

/** Made once per language: a NumberFormat costs ~0.1 ms to make, more than a push notification's text. */
const formats = new Map<string, { m: Intl.NumberFormat; km: Intl.NumberFormat }>();
function distanceFormats(language: string): { m: Intl.NumberFormat; km: Intl.NumberFormat } {
  let made = formats.get(language);
  if (!made) {
    made = {
      m: new Intl.NumberFormat(language, { style: 'unit', unit: 'meter', useGrouping: false }),
      km: new Intl.NumberFormat(language, { style: 'unit', unit: 'kilometer', maximumFractionDigits: 1 }),
    };
    formats.set(language, made);
  }
  return made;
}
