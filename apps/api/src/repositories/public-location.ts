/**
 * Sensitive species (wolf, lynx, bear: the catalogue's `sensitive` flag) are published at
 * the centre of a grid cell about 1 km across, never at the point the visitor gave. Every public
 * read and the radius search use that published point, so probing with small radii
 * around it reveals nothing finer than the cell.
 */
import { animalByKey } from '@wildalert/shared';

interface Point {
  latitude: number;
  longitude: number;
}

/** Cell height: 0.01° of latitude ≈ 1.11 km. Cell width is scaled to be about as wide. */
export const CELL_DEGREES = 0.01;

export function publicLocation(point: Point, animal: string): Point {
  return animalByKey(animal).sensitive ? gridCellCentre(point) : point;
}

export function gridCellCentre({ latitude, longitude }: Point): Point {
  const row = Math.min(Math.floor((latitude + 90) / CELL_DEGREES), Math.round(180 / CELL_DEGREES) - 1);
  const centreLat = -90 + (row + 0.5) * CELL_DEGREES;
  // Rows near the poles would need ever wider cells; cap the width at 1°.
  const width = Math.min(CELL_DEGREES / Math.cos((centreLat * Math.PI) / 180), 1);
  const column = Math.floor((longitude + 180) / width);
  const centreLon = Math.min(-180 + (column + 0.5) * width, 180);
  return { latitude: round6(centreLat), longitude: round6(centreLon) };
}

function round6(x: number): number {
  return Math.round(x * 1e6) / 1e6;
}
