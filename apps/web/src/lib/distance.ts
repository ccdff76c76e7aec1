/** How far an alert is, in words, for the list view (its own module: the map's first paint does without it). */
const km = new Intl.NumberFormat('pl-PL', { maximumFractionDigits: 1 });

/** "350 m", "1,2 km", "15 km": metres below a kilometre, then kilometres to one decimal below 10. */
export function formatDistancePl(metres: number): string {
  if (metres < 1000) return `${Math.round(metres / 10) * 10} m`;
  return `${km.format(metres < 10_000 ? metres / 1000 : Math.round(metres / 1000))} km`;
}
