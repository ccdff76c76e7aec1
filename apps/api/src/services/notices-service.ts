/** Official notices (issue 33): posting one and removing it; a posted notice's pushes go out once it is committed. */
import type { NoticeBody } from '@wildalert/shared';
import type { Actor } from '../repositories/audit-repository.ts';
import type { NoticesRepository, PostResult } from '../repositories/notices-repository.ts';

/** A ring PostGIS would refuse to read: open (its last point not its first). */
const openRing = (ring: readonly number[][]) => {
  const first = ring[0];
  const last = ring.at(-1);
  return !first || !last || first[0] !== last[0] || first[1] !== last[1];
};

export function noticesService({ notices, kickPush }: { notices: NoticesRepository; kickPush: () => void }) {
  return {
    async post(organisationId: string, body: NoticeBody, actor: Actor): Promise<PostResult> {
      if ('coordinates' in body.area && body.area.coordinates.some(openRing)) {
        return { kind: 'invalid', field: 'area', reason: 'Each ring of the polygon must end at its first point.' };
      }
      const result = await notices.post(organisationId, body, actor);
      // Queued with the notice: any instance's delivery may send them; this one starts at once.
      if (result.kind === 'posted' && result.subscriptions > 0) kickPush();
      return result;
    },
    remove: notices.remove,
    ofOrganisation: notices.ofOrganisation,
    inForce: notices.inForce,
    isMember: notices.isMember,
  };
}

export type NoticesService = ReturnType<typeof noticesService>;
