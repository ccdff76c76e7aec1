/**
 * Looks up each new alert's street and district once, in the background after it is stored (a
 * POST /Alerts never waits for the geocoder), one alert at a time per instance, at the
 * geocoder's pace. Any instance may take any alert (places-repository.ts claims with a lease);
 * a lookup that fails leaves its alert for a later pass once the lease is over.
 */
import { animalByKey } from '@wildalert/shared';
import { DeliveryLoop, type DeliveryLog } from '../lib/delivery-loop.ts';
import type { PlacesRepository } from '../repositories/places-repository.ts';
import type { AlertChanges } from '../services/alert-changes.ts';
import type { Geocoder } from './geocoder.ts';

/** How often alerts still to look up are looked for besides each new alert's event (retries after a failure). */
const POLL_MS = 30_000;
/** How long a claimed alert is left to its lookup: longer than the longest wait and deadline (GEOCODER_TIMEOUT_MS is at most 30 s). */
const LEASE_MS = 60_000;

export class StreetNames extends DeliveryLoop {
  constructor(
    private readonly places: PlacesRepository,
    private readonly geocoder: Geocoder,
    private readonly changes: AlertChanges,
    log: DeliveryLog,
  ) {
    super("looking up alerts' street names", POLL_MS, log);
  }

  protected async pass(): Promise<void> {
    while (!this.stopped) {
      const alert = await this.places.claim(LEASE_MS);
      if (!alert) return;
      // A sensitive species' point is already a cell's centre; its street would still read as a place to go.
      const place = await this.geocoder.reverse(alert, animalByKey(alert.animal).sensitive);
      await this.places.record(alert.id, place);
      await this.changes.published();
    }
  }
}
