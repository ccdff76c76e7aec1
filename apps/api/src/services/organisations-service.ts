/**
 * Organisations (issue 33): who may see which, an admin's changes to them and their members
 * (each with its audit row), the first start's copy of CONTACTS_FILE, and the contacts of a place
 * with whether each is open now.
 */
import type { ContactEntry, ContactListResponse, Organisation, OrganisationBody } from '@wildalert/shared';
import type { Actor } from '../repositories/audit-repository.ts';
import type { OrganisationsRepository } from '../repositories/organisations-repository.ts';
import type { Staff } from '../staff/staff-member.ts';
import { isOpen } from './opening-hours.ts';

/** The caller is neither an admin nor a member of the organisation (403). */
export class NotAMemberError extends Error {}
/** There is no such organisation (404; told to admins only, others get NotAMemberError). */
export class NoOrganisationError extends Error {}
/** An area PostGIS cannot match points against (400): `reason` says why. */
export class BadAreaError extends Error {}

/**
 * Lets an admin, or a member of organisation `id`, through; NotAMemberError for anyone else
 * (even when there is no such organisation: a responder learns nothing of others'),
 * NoOrganisationError for an admin asking for one that does not exist.
 */
export async function checkAccess(organisations: OrganisationsRepository, staff: Staff, id: string): Promise<void> {
  if (staff.role === 'admin') {
    if (!(await organisations.exists(id))) throw new NoOrganisationError();
    return;
  }
  if (!(await organisations.isMember(id, staff.accountId))) throw new NotAMemberError();
}

export function organisationsService({ organisations, timeZone }: { organisations: OrganisationsRepository; timeZone: string }) {
  const checkArea = async (area: OrganisationBody['area']) => {
    if (area === null || !('type' in area)) return;
    for (const ring of area.coordinates) {
      if (ring.some(([lon = NaN, lat = NaN]) => !(Math.abs(lon) <= 180 && Math.abs(lat) <= 90))) {
        throw new BadAreaError('Every point of the polygon must be [longitude, latitude], within ±180 and ±90.');
      }
      const first = ring[0]!;
      const last = ring.at(-1)!;
      if (first[0] !== last[0] || first[1] !== last[1]) throw new BadAreaError('Each ring of the polygon must end where it begins.');
    }
    const problem = await organisations.areaProblem(area);
    if (problem) throw new BadAreaError(`The polygon is not valid: ${problem}.`);
  };

  return {
    checkAccess: (staff: Staff, id: string) => checkAccess(organisations, staff, id),

    /** Every organisation for an admin, the caller's own for anyone else. */
    async visibleTo(staff: Staff): Promise<Organisation[]> {
      return organisations.list(staff.role === 'admin' ? undefined : await organisations.membershipsOf(staff.accountId));
    },

    async get(staff: Staff, id: string): Promise<Organisation> {
      await checkAccess(organisations, staff, id);
      const found = await organisations.get(id);
      if (!found) throw new NoOrganisationError();
      return found;
    },

    /** Throws BadAreaError. */
    async create(body: OrganisationBody, actor: Actor): Promise<Organisation> {
      await checkArea(body.area);
      return organisations.create(body, actor);
    },

    /** Throws BadAreaError, NoOrganisationError. */
    async update(id: string, body: OrganisationBody, actor: Actor): Promise<Organisation> {
      await checkArea(body.area);
      const changed = await organisations.update(id, body, actor);
      if (!changed) throw new NoOrganisationError();
      return changed;
    },

    /** Throws NoOrganisationError, HandedOverToError. */
    async remove(id: string, actor: Actor): Promise<void> {
      if (!(await organisations.remove(id, actor))) throw new NoOrganisationError();
    },

    /** 'no-account' when there is no such staff account; throws NoOrganisationError. */
    async addMember(id: string, accountId: string, actor: Actor): Promise<'ok' | 'no-account'> {
      const result = await organisations.addMember(id, accountId, actor);
      if (result === 'no-organisation') throw new NoOrganisationError();
      return result;
    },

    /** Throws NoOrganisationError. */
    async removeMember(id: string, accountId: string, actor: Actor): Promise<void> {
      if (!(await organisations.removeMember(id, accountId, actor))) throw new NoOrganisationError();
    },

    /** At a start with no organisations, CONTACTS_FILE's table becomes them; answers how many. */
    seed: (table: readonly ContactEntry[]) => organisations.seed(table),

    /** Whom to call about something at a point (GET /Contacts), each with whether it reads its inbox now. */
    async contacts(
      point: { latitude: number; longitude: number },
      { behaviour, animal }: { behaviour?: string | undefined; animal?: string | undefined },
      now = new Date(),
    ): Promise<ContactListResponse['data']> {
      const rows = await organisations.contacts(point, behaviour, animal);
      return rows.map(({ organisationId, name, phone, url, for: handles, inbox, hours }) => ({
        name,
        phone,
        ...(url ? { url } : {}),
        for: handles,
        organisationId,
        inbox,
        openNow: isOpen(hours ?? null, timeZone, now),
      }));
    },
  };
}

export type OrganisationsService = ReturnType<typeof organisationsService>;
