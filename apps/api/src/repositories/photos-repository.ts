/** The SQL for alerts' photos: who may add one, at most three, each stored once, never served once hidden. */
import { randomUUID } from 'node:crypto';
import type { Photo } from '@wildalert/shared';
import type { AlertKeys } from './alert-keys.ts';
import type { Database, Queryable } from '../db/database.ts';
import { PHOTO_JSON, PHOTOS_JSON } from './alert-json.ts';
import { recordAudit, type Actor } from './audit-repository.ts';
import { recordAlertEvent } from './events-repository.ts';
import { refreshLikely } from './verification-repository.ts';

/** An alert has at most this many photos. */
export const PHOTOS_PER_ALERT = 3;

/** What the uploader may do with an alert: add photos, or why not. */
export type UploadRight = 'allowed' | 'no-alert' | 'wrong-key';

export interface StoredCopies {
  thumbnail: { key: string; width: number; height: number };
  large: { key: string; width: number; height: number };
}

export class TooManyPhotosError extends Error {}

/** The upload took so long that its place was given up and its copies cleaned up: it has to be sent again. */
export class UploadExpiredError extends Error {}

/**
 * How long an upload holds its place, in minutes: far longer than one takes (its decode, and
 * its copies stored within the store's deadline). Past it, an upload whose process died gives
 * its place back and its copies are cleaned up.
 */
const UPLOAD_EXPIRES = `interval '5 minutes'`;

/** What an upload got when it asked for its place. */
export type Reservation =
  | { kind: 'reserved'; uploadId: string }
  | { kind: 'replay'; photo: Photo }
  | { kind: 'full' }
  /** The same upload (its Idempotency-Key) is being decoded and stored by another request right now. */
  | { kind: 'in-progress' };

/**
 * Serialises what is done with one stored copy: an upload naming it before storing it, and a
 * clean-up checking that nothing names it before deleting it. The two-number form of the
 * advisory lock, a space apart from the single-number locks elsewhere.
 */
const lockCopy = (tx: Queryable, key: string) => tx.query('SELECT pg_advisory_xact_lock(48860, hashtext($1))', [key]);

const PHOTO_BY_UPLOAD_KEY = `SELECT ${PHOTO_JSON} AS photo FROM photos p WHERE p.alert_id = $1 AND p.idempotency_key = $2`;

export function photosRepository(db: Database, alertKeys: AlertKeys) {
  return {
    /**
     * Photos are added by whoever reported the alert, and only by them: they prove it with the
     * alert's Alert-Key, which the server gave only to them. An alert reported before there were
     * Alert-Keys takes the Idempotency-Key it was reported with instead, as it did then (a
     * phone's outbox may still hold such an upload).
     */
    async uploadRight(alertId: string, alertKey: string): Promise<UploadRight> {
      const rows = await db.query<{ old_key_matches: boolean }>(
        `SELECT EXISTS (SELECT 1 FROM idempotency_keys k WHERE k.key = $2 AND k.alert_id = a.id AND k.network = '') AS old_key_matches
         FROM alerts a WHERE a.id = $1 AND NOT a.hidden`,
        [alertId, alertKey],
      );
      if (rows.length === 0) return 'no-alert';
      return alertKeys.matches(alertId, alertKey) || rows[0]!.old_key_matches ? 'allowed' : 'wrong-key';
    },

    /**
     * Takes a place among the alert's three for an upload, before anything is decoded or stored:
     * under the alert's row lock, photos and uploads under way are counted. A retry of an upload
     * already recorded gets its photo; one sent while the first is still under way is told so.
     */
    async reserve(alertId: string, uploadKey: string): Promise<Reservation> {
      return db.transaction(async (tx) => {
        await tx.query('SELECT 1 FROM alerts WHERE id = $1 FOR UPDATE', [alertId]);
        const earlier = await tx.query<{ photo: Photo }>(PHOTO_BY_UPLOAD_KEY, [alertId, uploadKey]);
        if (earlier[0]) return { kind: 'replay', photo: earlier[0].photo };
        const underWay = await tx.query(
          `SELECT 1 FROM photo_uploads WHERE alert_id = $1 AND idempotency_key = $2 AND NOT abandoned AND started_at > now() - ${UPLOAD_EXPIRES}`,
          [alertId, uploadKey],
        );
        // Decoded once, not once per impatient retry.
        if (underWay.length > 0) return { kind: 'in-progress' };
        const [{ taken }] = (await tx.query<{ taken: number }>(
          `SELECT ((SELECT count(*) FROM photos WHERE alert_id = $1)
                 + (SELECT count(DISTINCT idempotency_key) FROM photo_uploads
                    WHERE alert_id = $1 AND idempotency_key <> $2 AND NOT abandoned AND started_at > now() - ${UPLOAD_EXPIRES}))::int AS taken`,
          [alertId, uploadKey],
        )) as [{ taken: number }];
        if (taken >= PHOTOS_PER_ALERT) return { kind: 'full' };
        const uploadId = randomUUID();
        await tx.query('INSERT INTO photo_uploads (id, alert_id, idempotency_key) VALUES ($1, $2, $3)', [uploadId, alertId, uploadKey]);
        return { kind: 'reserved', uploadId };
      });
    },

    /** Names a copy the upload is about to store: from now on no clean-up deletes it. */
    async registerCopy(uploadId: string, key: string): Promise<void> {
      await db.transaction(async (tx) => {
        await lockCopy(tx, key);
        const rows = await tx.query('UPDATE photo_uploads SET copy_keys = array_append(copy_keys, $2) WHERE id = $1 RETURNING 1', [uploadId, key]);
        if (rows.length === 0) throw new UploadExpiredError();
      });
    },

    /**
     * Records the photo of an upload whose copies are stored, in its place. The alert's row is
     * locked so that nothing makes a fourth photo; a retry that lost the race to its own first
     * attempt gets that attempt's photo (and its upload is left to clean up).
     */
    async add(alertId: string, uploadKey: string, uploadId: string, copies: StoredCopies): Promise<{ photo: Photo; replayed: boolean }> {
      return db.transaction(async (tx) => {
        await tx.query('SELECT 1 FROM alerts WHERE id = $1 FOR UPDATE', [alertId]);
        const earlier = await tx.query<{ photo: Photo }>(PHOTO_BY_UPLOAD_KEY, [alertId, uploadKey]);
        if (earlier[0]) return { photo: earlier[0].photo, replayed: true };
        const [{ count }] = (await tx.query<{ count: number }>('SELECT count(*)::int AS count FROM photos WHERE alert_id = $1', [alertId])) as [
          { count: number },
        ];
        if (count >= PHOTOS_PER_ALERT) throw new TooManyPhotosError();
        // In the same transaction as the photo: its copies are named by one or the other at every moment.
        const upload = await tx.query('DELETE FROM photo_uploads WHERE id = $1 RETURNING 1', [uploadId]);
        if (upload.length === 0) throw new UploadExpiredError();
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
        // A photo makes it likely (issue 35); open maps and cached tiles learn that the alert shows one more photo.
        await refreshLikely(tx, alertId);
        await recordAlertEvent(tx, alertId, 'changed');
        return { photo: rows[0]!.photo, replayed: false };
      });
    },

    /**
     * Cleans up after an upload that recorded no photo: deletes each copy it stored that no
     * photo (hidden ones included) and no other upload names, then forgets the upload. Throws
     * when a copy cannot be deleted now (the store down); what is left is done by a later call.
     */
    async release(uploadId: string, deleteCopy: (key: string) => Promise<void>): Promise<void> {
      const rows = await db.query<{ copy_keys: string[] }>('SELECT copy_keys FROM photo_uploads WHERE id = $1', [uploadId]);
      for (const key of new Set(rows[0]?.copy_keys)) {
        await db.transaction(async (tx) => {
          await lockCopy(tx, key);
          const [{ used }] = (await tx.query<{ used: boolean }>(
            `SELECT EXISTS (SELECT 1 FROM photos WHERE thumbnail_key = $1 OR large_key = $1)
                 OR EXISTS (SELECT 1 FROM photo_uploads WHERE id <> $2 AND $1 = ANY (copy_keys)) AS used`,
            [key, uploadId],
          )) as [{ used: boolean }];
          // Still under the lock: an upload of the same bytes cannot name the copy between the check and the deletion.
          if (!used) await deleteCopy(key);
          await tx.query('UPDATE photo_uploads SET copy_keys = array_remove(copy_keys, $2) WHERE id = $1', [uploadId, key]);
        });
      }
      await db.query('DELETE FROM photo_uploads WHERE id = $1', [uploadId]);
    },

    /** An upload failed and could not clean up: it gives its place back, and its copies wait for `abandonedUploads`. */
    async abandon(uploadId: string): Promise<void> {
      await db.query('UPDATE photo_uploads SET abandoned = true WHERE id = $1', [uploadId]);
    },

    /** Uploads left to clean up: abandoned, or expired (their process died), oldest first. */
    async abandonedUploads(limit: number): Promise<string[]> {
      const rows = await db.query<{ id: string }>(
        `SELECT id FROM photo_uploads WHERE abandoned OR started_at < now() - ${UPLOAD_EXPIRES} ORDER BY started_at LIMIT $1`,
        [limit],
      );
      return rows.map((r) => r.id);
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
    async hide(alertId: string, photoId: string, actor: Actor): Promise<boolean> {
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
          await recordAudit(tx, actor, 'photo-hidden', photoId, { alert: alertId });
          // Its last photo gone, it may be unverified again; open maps and cached tiles learn that the alert shows one photo fewer.
          await refreshLikely(tx, alertId);
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
