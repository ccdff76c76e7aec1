/** Spherical geometry for tests: where a point lands at a given distance and bearing. */
import { distanceMetres, EARTH_RADIUS_M, type LatLon } from '@wildalert/shared';

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
export function distanceKm(a: LatLon, b: LatLon): number {
  return distanceMetres(a, b) / 1000;
}
