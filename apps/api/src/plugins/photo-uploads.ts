/** `app.photoUploads`: photo uploads with their limits (photos/photo-uploads.ts), and the minute's sweep of failed ones' copies. */
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { photoUploads, type PhotoUploads } from '../photos/photo-uploads.ts';

declare module 'fastify' {
  interface FastifyInstance {
    photoUploads: PhotoUploads;
  }
}

/** How often the copies of failed uploads are looked for: they cost only space meanwhile. */
const SWEEP_MS = 60_000;

export default fp<{ decodes: Config['photoDecodes'] }>(
  async (app, { decodes }) => {
    const uploads = photoUploads({ photos: app.photos, storage: app.photoStorage, decodes, log: app.log });
    app.decorate('photoUploads', uploads);
    let sweeping: Promise<void> | undefined;
    const sweep = () => {
      sweeping ??= uploads
        .sweep()
        .catch((err: unknown) => app.log.warn({ err }, 'cleaning up after failed photo uploads failed; trying again later'))
        .finally(() => (sweeping = undefined));
    };
    const timer = setInterval(sweep, SWEEP_MS);
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await sweeping;
    });
  },
  { name: 'wildalert-photo-uploads', dependencies: ['wildalert-repositories', 'wildalert-photo-storage'] },
);
