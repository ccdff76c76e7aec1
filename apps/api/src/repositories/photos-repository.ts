/** The SQL for alerts' photos: who may add one, at most three, each stored once, never served once hidden. */
import { randomUUID } from 'node:crypto';
import type { Photo } from '@wildalert/shared';
import type { Database } from '../db/database.ts';
import { PHOTO_JSON, PHOTOS_JSON } from './alert-json.ts';
import { recordAlertEvent } from './events-repository.ts';

/** An alert has at most this many photos. */
export const PHOTOS_PER_ALERT = 3;

/** What the uploader may do with an alert: add photos, or why not. */
export type UploadRight = 'allowed' | 'no-alert' | 'wrong-key';

export interface StoredCopies {
  thumbnail: { key: string; width: number; height: number };
  large: { key: string; width: number; height: number };
}

export class TooManyPhotosError extends Error {}

export function photosRepository(db: Database) {
  return {
    /**
     * Photos are added by whoever reported the alert, and only by them: they prove it with the
     * alert's Idempotency-Key, which only their device knows (an alert sent without one takes no photos).
     */
    async uploadRight(alertId: string, alertKey: string): Promise<UploadRight> {
      const rows = await db.query<{ key_matches: boolean }>(
        `SELECT EXISTS (SELECT 1 FROM idempotency_keys k WHERE k.key = $2 AND k.alert_id = a.id) AS key_matches
         FROM alerts a WHERE a.id = $1 AND NOT a.hidden`,
        [alertId, alertKey],
      );
      if (rows.length === 0) return 'no-alert';
      return rows[0]!.key_matches ? 'allowed' : 'wrong-key';
    },

    /** The photo stored earlier under this upload's key, if any: a retried upload answers it again. */
    async findUpload(alertId: string, uploadKey: string): Promise<Photo | undefined> {
      const rows = await db.query<{ photo: Photo }>(`SELECT ${PHOTO_JSON} AS photo FROM photos p WHERE p.alert_id = $1 AND p.idempotency_key = $2`, [
        alertId,
        uploadKey,
      ]);
      return rows[0]?.photo;
    },

    /**
     * Records a photo whose copies are already stored. The alert's row is locked so that two
     * uploads at once cannot make a fourth photo; a retry that lost the race to its own first
     * attempt gets that attempt's photo.
     */
    async add(alertId: string, uploadKey: string, copies: StoredCopies): Promise<{ photo: Photo; replayed: boolean }> {
      return db.transaction(async (tx) => {
        await tx.query('SELECT 1 FROM alerts WHERE id = $1 FOR UPDATE', [alertId]);
        const earlier = await tx.query<{ photo: Photo }>(`SELECT ${PHOTO_JSON} AS photo FROM photos p WHERE p.alert_id = $1 AND p.idempotency_key = $2`, [
          alertId,
          uploadKey,
        ]);
        if (earlier[0]) return { photo: earlier[0].photo, replayed: true };
        const [{ count }] = (await tx.query<{ count: number }>('SELECT count(*)::int AS count FROM photos WHERE alert_id = $1', [alertId])) as [
          { count: number },
        ];
        if (count >= PHOTOS_PER_ALERT) throw new TooManyPhotosError();
        const rows = await tx.query<{ photo: Photo }>(
          `INSERT INTO photos AS p (id, alert_id, position, idempotency_key, thumbnail_key, thumbnail_width, thumbnail_height, large_key, large_width, large_height)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
           RETURNING ${PHOTO_JSON} AS photo`,
          [
            randomUUID(),
            alertId,
            count + 1,
            uploadKey,
            copies.thumbnail.key,
            copies.thumbnail.width,
            copies.thumbnail.height,
            copies.large.key,
            copies.large.width,
            copies.large.height,
          ],
        );
        // Open maps and cached tiles learn that the alert shows one more photo.
        await recordAlertEvent(tx, alertId, 'changed');
        return { photo: rows[0]!.photo, replayed: false };
      });
    },

    /** The photos an alert shows, in the order they were added; undefined when the alert is not shown. */
    async ofAlert(alertId: string): Promise<Photo[] | undefined> {
      const rows = await db.query<{ photos: Photo[] }>(
        `SELECT ${PHOTOS_JSON} AS photos
         FROM alerts a WHERE a.id = $1 AND NOT a.hidden`,
        [alertId],
      );
      return rows[0]?.photos;
    },

    /** A moderator hides one photo: kept, no longer listed or served, and logged. False when the alert has no such photo. */
    async hide(alertId: string, photoId: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const rows = await tx.query<{ was_hidden: boolean }>(
          `UPDATE photos p SET hidden_at = coalesce(p.hidden_at, clock_timestamp())
           FROM photos before WHERE before.id = p.id AND p.id = $2 AND p.alert_id = $1
           RETURNING before.hidden_at IS NOT NULL AS was_hidden`,
          [alertId, photoId],
        );
        if (rows.length === 0) return false;
        if (!rows[0]!.was_hidden) {
          await tx.query(`INSERT INTO moderation_log (alert_id, photo_id, action) VALUES ($1, $2, 'photo-hidden-by-moderator')`, [alertId, photoId]);
          // Open maps and cached tiles learn that the alert shows one photo fewer.
          await recordAlertEvent(tx, alertId, 'changed');
        }
        return true;
      });
    },

    /** Whether a stored copy may be served: some shown photo of a shown alert uses it. */
    async servable(key: string): Promise<boolean> {
      const rows = await db.query(
        `SELECT 1 FROM photos p JOIN alerts a ON a.id = p.alert_id
         WHERE (p.thumbnail_key = $1 OR p.large_key = $1) AND p.hidden_at IS NULL AND NOT a.hidden
         LIMIT 1`,
        [key],
      );
      return rows.length > 0;
    },
  };
}

export type PhotosRepository = ReturnType<typeof photosRepository>;
