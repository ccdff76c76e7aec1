/**
 * Alert-Keys: the proof that a client reported an alert, which lets it add the alert's photos.
 * The server makes each (HMAC-SHA256 of the alert's id with a secret made once and kept in the
 * database, so that every instance makes the same) and hands it only to the reporter, in the
 * answer to its POST: nobody gets one by choosing, guessing or reusing someone's Idempotency-Key.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Database } from '../db/database.ts';

export interface AlertKeys {
  /** The alert's Alert-Key (base64url, 43 characters). */
  of(alertId: string): string;
  /** Whether `key` is the alert's Alert-Key, compared in constant time. */
  matches(alertId: string, key: string): boolean;
}

/** The keys of this database's alerts: its secret, made now (by whichever instance comes first) when there is none. */
export async function loadAlertKeys(db: Database): Promise<AlertKeys> {
  await db.query('INSERT INTO alert_key_secret (secret) VALUES ($1) ON CONFLICT DO NOTHING', [randomBytes(32).toString('base64url')]);
  const [{ secret }] = (await db.query<{ secret: string }>('SELECT secret FROM alert_key_secret')) as [{ secret: string }];
  const hmacKey = Buffer.from(secret, 'base64url');
  const of = (alertId: string) => createHmac('sha256', hmacKey).update(alertId).digest('base64url');
  return {
    of,
    matches(alertId, key) {
      const expected = Buffer.from(of(alertId));
      const given = Buffer.from(key);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
