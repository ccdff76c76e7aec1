/** The SQL of alerts' street names (geocoder/street-names.ts): which alert to look up next, and what was found. */
import type { Database } from '../db/database.ts';
import { recordAlertEvent } from './events-repository.ts';

/** An alert whose place a lookup has claimed: its published point. */
export interface AlertToPlace {
  id: string;
  animal: string;
  latitude: number;
  longitude: number;
}

export function placesRepository(db: Database) {
  return {
    /**
     * Claims the oldest alert of the last day whose place is not known yet and that no lookup
     * holds, for `leaseMs`: a lookup that dies on the way leaves it to another one after that.
     * SKIP LOCKED: instances claiming at once each get a different alert.
     */
    async claim(leaseMs: number): Promise<AlertToPlace | undefined> {
      const rows = await db.query<AlertToPlace>(
        `UPDATE alerts a SET place_lease_until = now() + $1 * interval '1 millisecond'
         WHERE a.id = (
           SELECT id FROM alerts
           WHERE place_looked_up_at IS NULL AND created_at > now() - interval '1 day'
             AND (place_lease_until IS NULL OR place_lease_until < now())
           ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED)
         RETURNING a.id, a.animal, ST_Y(a.public_location::geometry) AS latitude, ST_X(a.public_location::geometry) AS longitude`,
        [leaseMs],
      );
      return rows[0];
    },

    /** Records an alert's street and district; open maps and caches hear of it when it is shown. */
    async record(alertId: string, place: { street: string | null; district: string | null }): Promise<void> {
      await db.transaction(async (tx) => {
        const rows = await tx.query<{ hidden: boolean }>(
          `UPDATE alerts SET street = $2, district = $3, place_looked_up_at = now(), place_lease_until = NULL
           WHERE id = $1 RETURNING hidden`,
          [alertId, place.street, place.district],
        );
        if (rows[0] && !rows[0].hidden) await recordAlertEvent(tx, alertId, 'changed');
      });
    },
  };
}

export type PlacesRepository = ReturnType<typeof placesRepository>;
