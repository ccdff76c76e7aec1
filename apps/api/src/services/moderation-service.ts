/** Abuse reports (which may hide an alert) and a moderator's decisions on alerts, each published once committed. */
import type { Alert, VerificationDecision } from '@wildalert/shared';
import type { VerificationRepository } from '../repositories/verification-repository.ts';
import type { Actor } from '../repositories/audit-repository.ts';
import type { ModerationRepository } from '../repositories/moderation-repository.ts';
import type { AlertChanges } from './alert-changes.ts';

export function moderationService({ moderation, verification, changes }: { moderation: ModerationRepository; verification: VerificationRepository; changes: AlertChanges }) {
  return {
    /** A network reports an alert; when that hides it, searches, tiles and open maps lose it before this resolves. */
    async report(alertId: string, network: string, reason: string) {
      const result = await moderation.report(alertId, network, reason);
      if (result?.hidden) await changes.published();
      return result;
    },

    /** A moderator hides an alert; false when there is none. */
    async hide(alertId: string, actor: Actor): Promise<boolean> {
      const hidden = await moderation.hide(alertId, actor);
      if (hidden) await changes.published();
      return hidden;
    },

    /** A moderator shows a hidden alert again; undefined when there is none. */
    async restore(alertId: string, actor: Actor): Promise<Alert | undefined> {
      const alert = await moderation.restore(alertId, actor);
      if (alert) await changes.published();
      return alert;
    },
    /**
     * A moderator confirms, corrects or rejects an alert (issue 35), kept in its history; open
     * maps, caches, feeds and exports of every instance follow. Undefined when there is no such
     * shown alert. Throws SameAnimalError.
     */
    async decide(alertId: string, decision: VerificationDecision, actor: Actor): Promise<Alert | undefined> {
      const alert = await verification.decide(alertId, decision, actor);
      if (alert) await changes.published();
      return alert;
    },
    /** The alert's changes of level, oldest first; undefined when there is no such alert. */
    history: (alertId: string) => verification.history(alertId),
  };
}

export type ModerationService = ReturnType<typeof moderationService>;
