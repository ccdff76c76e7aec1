/** `app.photoStorage`: where photos' copies are kept, a folder or an S3 bucket (config.photos). */
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { folderStorage, s3Storage, type PhotoStorage } from '../photos/photo-storage.ts';

declare module 'fastify' {
  interface FastifyInstance {
    photoStorage: PhotoStorage;
  }
}

export default fp<{ photos: Config['photos'] }>(
  async (app, { photos }) => {
    app.decorate('photoStorage', 'dir' in photos ? folderStorage(photos.dir) : s3Storage(photos.s3));
  },
  { name: 'wildalert-photo-storage' },
);
