/**
 * Organisations' inboxes (issue 33): routing a new alert into them (inside the alert's own
 * transaction), a responder's status steps, the inbox and its live stream, and the response
 * figures. Access (admin, or member of the organisation) is checked here, for every call.
 */
import type { InboxEntry, StatusChangeBody } from '@wildalert/shared';
import type { Queryable } from '../db/database.ts';
import type { AlertFeed, Subscription } from '../live/alert-feed.ts';
import type { Actor } from '../repositories/audit-repository.ts';
import type { Figures, OrganisationsRepository, RoutedEntry } from '../repositories/organisations-repository.ts';
import type { Staff } from '../staff/staff-member.ts';
import type { AlertChanges } from './alert-changes.ts';
import { checkAccess } from './organisations-service.ts';

/** A status step's body breaks its own rules (400): `detail` says which. */
export class BadStepError extends Error {}
/** No such entry in this organisation's inbox (404). */
export class NoEntryError extends Error {}

export interface InboxServiceOptions {
  organisations: OrganisationsRepository;
  changes: AlertChanges;
  feed: AlertFeed;
}

function checkStep(body: StatusChangeBody): void {
  if (body.outcome !== undefined && body.status !== 'resolved') throw new BadStepError('An outcome goes with `resolved` only.');
  if (body.status === 'resolved' && body.outcome === undefined) throw new BadStepError('Say how it was resolved (`outcome`).');
  if (body.outcome === 'handed-over' && body.handedTo === undefined) throw new BadStepError('Say whom it was handed over to (`handedTo`).');
  if (body.handedTo !== undefined && body.outcome !== 'handed-over') throw new BadStepError('`handedTo` goes with the outcome `handed-over` only.');
}

export function inboxService({ organisations, changes, feed }: InboxServiceOptions) {
  return {
    /**
     * Puts a new alert in the inbox of every organisation its place and kind are for; called by
     * the alerts service inside the alert's transaction `tx`, so an alert is never stored
     * without its entries, nor routed twice.
     */
    async routeInTransaction(tx: Queryable, alertId: string): Promise<RoutedEntry[]> {
      const routed = await organisations.route(tx, alertId);
      // WEBHOOKS SPOT (routing; branch `webhooks` fills it at merge), in this transaction:
      //   for (const { organisationId, entry } of routed) await enqueueWebhooks(tx, organisationId, 'alert.routed', entry);
      return routed;
    },

    /** The organisation's inbox, newest first. Throws NotAMemberError, NoOrganisationError. */
    async list(staff: Staff, id: string, status: 'open' | 'resolved' | 'all', limit: number): Promise<InboxEntry[]> {
      await checkAccess(organisations, staff, id);
      return organisations.inbox(id, status, limit);
    },

    /**
     * A responder's step on an entry (forward only), with its audit row and the alert's
     * `changed` event, published before this resolves: open maps and every instance's caches
     * hear of it. Throws NotAMemberError, NoOrganisationError, NoEntryError, BadStepError,
     * StepBackwardsError, BadHandOverError.
     */
    async step(staff: Staff, actor: Actor, id: string, alertId: string, body: StatusChangeBody): Promise<InboxEntry> {
      await checkAccess(organisations, staff, id);
      checkStep(body);
      const entry = await organisations.step(id, alertId, body, actor, async (_tx, _changed) => {
        // WEBHOOKS SPOT (status step; branch `webhooks` fills it at merge), in this transaction:
        //   await enqueueWebhooks(tx, id, 'alert.status_changed', changed.entry);
        //   if (changed.handedOver) await enqueueWebhooks(tx, changed.handedOver.organisationId, 'alert.routed', changed.handedOver.entry);
      });
      if (!entry) throw new NoEntryError();
      await changes.published();
      return entry;
    },

    /** Response figures over the last 30 days. Throws NotAMemberError, NoOrganisationError. */
    async figures(staff: Staff, id: string): Promise<Figures> {
      await checkAccess(organisations, staff, id);
      return organisations.figures(id);
    },

    /**
     * Calls `onEntry(alertId)` for every committed change that concerns an entry of the
     * organisation: a new entry, a status step, a change to its alert (a photo, a vote, hidden),
     * from any instance. Access is checked by `checkWatch` first.
     */
    watch(id: string, onEntry: (alertId: string) => void): Subscription {
      return feed.onEvent((event) => {
        if (event.routedTo?.includes(id)) onEntry(event.kind === 'removed' ? event.alertId : event.alert.id);
      });
    },

    /** Throws NotAMemberError, NoOrganisationError; then resolves once every change committed before is read (later ones are news). */
    async checkWatch(staff: Staff, id: string): Promise<void> {
      await checkAccess(organisations, staff, id);
      await feed.sync();
    },
  };
}

export type InboxService = ReturnType<typeof inboxService>;
