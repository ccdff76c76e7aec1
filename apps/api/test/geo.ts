/** Spherical geometry for tests: where a point lands at a given distance and bearing. */

/** The sphere PostGIS uses for geography with use_spheroid = false: WGS 84's mean radius. */
export const EARTH_RADIUS_M = 6_371_008.7714;

export function destination(lat: number, lon: number, bearingDeg: number, km: number) {
  const rad = Math.PI / 180;
  const d = (km * 1000) / EARTH_RADIUS_M;
  const b = bearingDeg * rad;
  const φ1 = lat * rad;
  const λ1 = lon * rad;
  const φ2 = Math.asin(Math.sin(φ1) * Math.cos(d) + Math.cos(φ1) * Math.sin(d) * Math.cos(b));
  const λ2 = λ1 + Math.atan2(Math.sin(b) * Math.sin(d) * Math.cos(φ1), Math.cos(d) - Math.sin(φ1) * Math.sin(φ2));
  return { latitude: φ2 / rad, longitude: ((λ2 / rad + 540) % 360) - 180 };
}

/** Great-circle distance in kilometres on the same sphere (haversine). */
export function distanceKm(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const rad = Math.PI / 180;
  const dφ = (b.latitude - a.latitude) * rad;
  const dλ = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dφ / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dλ / 2) ** 2;
  return (2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)))) / 1000;
}
