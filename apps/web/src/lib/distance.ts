/** How far an alert is, for the list view (its own module: the map's first paint does without it). */
const km = new Intl.NumberFormat('pl-PL', { maximumFractionDigits: 1 });

/** "350 m", "1,2 km", "15 km": metres below a kilometre, then kilometres to one decimal below 10. */
export function formatDistancePl(metres: number): string {
  if (metres < 1000) return `${Math.round(metres / 10) * 10} m`;
  return `${km.format(metres < 10_000 ? metres / 1000 : Math.round(metres / 1000))} km`;
}

/** Great-circle distance in metres (a sphere of the Earth's mean radius). */
export function distanceMetres(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6_371_008.8 * Math.asin(Math.sqrt(h));
}
