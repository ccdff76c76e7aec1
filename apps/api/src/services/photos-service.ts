/**
 * Photos of alerts: one upload from start to end, and what it may cost; a moderator hiding one.
 * Each change is published once committed (alert-changes.ts).
 *
 * An upload: Its place among the alert's three
 * is taken before anything is decoded or stored; the decode waits for one of a few turns (a
 * short queue, then 503); every copy is named in the database before it is stored; the photo
 * is recorded last. After any refusal or failure the copies it stored are deleted, unless
 * another photo or upload uses the same bytes; with the store down, that is done later by
 * `sweep`, which also cleans up after a process that died mid-upload.
 */
import pLimit from 'p-limit';
import type { FastifyBaseLogger } from 'fastify';
import type { Photo } from '@wildalert/shared';
import type { Config } from '../config.ts';
import type { Actor } from '../repositories/audit-repository.ts';
import { TooManyPhotosError, type PhotosRepository, type StoredCopies } from '../repositories/photos-repository.ts';
import { photoKey, PhotoStoreUnavailableError, type PhotoStorage } from '../photos/photo-storage.ts';
import { processPhoto, type ProcessedPhoto } from '../photos/process-photo.ts';
import type { AlertChanges } from './alert-changes.ts';

/** Every decode turn is taken and the queue for them is full: the upload can be sent again in a moment (503). */
export class PhotoDecodesBusyError extends Error {}

/** The same upload is under way in another request: send it again in a moment (409). */
export class UploadInProgressError extends Error {}

/** Uploads cleaned up by one sweep at most: the rest wait for the next. */
const SWEEP_BATCH = 20;

interface PhotosServiceOptions {
  photos: PhotosRepository;
  changes: AlertChanges;
  storage: PhotoStorage;
  decodes: Config['photoDecodes'];
  log: FastifyBaseLogger;
}

export function photosService({ photos, changes, storage, decodes, log }: PhotosServiceOptions) {
  const limit = pLimit(decodes.concurrent);
  /** A turn to decode (each takes a core and up to a few hundred MB), or PhotoDecodesBusyError when too many wait. */
  const decode = (body: Buffer): Promise<ProcessedPhoto> => {
    if (limit.activeCount + limit.pendingCount >= decodes.concurrent + decodes.queue) throw new PhotoDecodesBusyError();
    return limit(() => processPhoto(body));
  };
  const deleteCopy = (key: string) => storage.delete(key);

  /** After an upload that recorded no photo. Nothing it throws reaches the uploader: a failure here is left for `sweep`. */
  async function cleanUp(uploadId: string, storeDown: boolean): Promise<void> {
    try {
      // With the store down, deleting would only wait for its deadline again.
      if (storeDown) await photos.abandon(uploadId);
      else await photos.release(uploadId, deleteCopy);
    } catch (error) {
      log.warn({ err: error, uploadId }, 'a failed photo upload is cleaned up later');
      await photos.abandon(uploadId).catch(() => undefined);
    }
  }

  return {
    /**
     * Decodes, stores and records a photo of the alert (whose uploader's right is checked), or
     * answers the photo recorded earlier under `uploadKey`. Throws TooManyPhotosError,
     * PhotoRejectedError, PhotoDecodesBusyError, PhotoStoreUnavailableError, UploadExpiredError,
     * UploadInProgressError.
     */
    async upload(alertId: string, uploadKey: string, body: Buffer): Promise<{ photo: Photo; replayed: boolean }> {
      const place = await photos.reserve(alertId, uploadKey);
      if (place.kind === 'replay') return { photo: place.photo, replayed: true };
      if (place.kind === 'full') throw new TooManyPhotosError();
      if (place.kind === 'in-progress') throw new UploadInProgressError();
      let recorded = false;
      let storeDown = false;
      try {
        const processed = await decode(body);
        const copies = {} as StoredCopies;
        for (const [size, copy] of Object.entries(processed) as [keyof StoredCopies, ProcessedPhoto[keyof StoredCopies]][]) {
          const key = photoKey(copy.body);
          await photos.registerCopy(place.uploadId, key);
          // Durably, before the row that shows it: a crash in between leaves a copy for `sweep`, never a photo without its bytes.
          await storage.put(key, copy.body);
          copies[size] = { key, width: copy.width, height: copy.height };
        }
        const result = await photos.add(alertId, uploadKey, place.uploadId, copies);
        recorded = !result.replayed;
        // Open maps and cached answers show one photo more.
        if (recorded) await changes.published();
        return result;
      } catch (error) {
        storeDown = error instanceof PhotoStoreUnavailableError;
        throw error;
      } finally {
        if (!recorded) await cleanUp(place.uploadId, storeDown);
      }
    },

    /** A moderator hides one photo (kept, never served again); false when the alert has no such photo. */
    async hide(alertId: string, photoId: string, actor: Actor): Promise<boolean> {
      const hidden = await photos.hide(alertId, photoId, actor);
      if (hidden) await changes.published();
      return hidden;
    },

    /**
     * Deletes the unused copies of uploads that failed with the store down or whose process
     * died. Stops at the first that cannot be done (the store still down); the next call goes on.
     */
    async sweep(): Promise<void> {
      for (const uploadId of await photos.abandonedUploads(SWEEP_BATCH)) await photos.release(uploadId, deleteCopy);
    },
  };
}

export type PhotosService = ReturnType<typeof photosService>;
