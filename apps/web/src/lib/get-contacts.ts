/** GET /Contacts: whom to call about an animal at a place; asked only when an alert calls for it, cached. */
import { useQuery } from '@tanstack/react-query';
import type { AnimalKey, Behaviour, ContactListResponse } from '@wildalert/shared';
import { api } from './api-client.ts';

/**
 * A minute, as the server's max-age: whether a service reads its inbox now turns with the clock
 * (its hours), and admins edit the organisations.
 */
const CONTACTS_STALE_MS = 60_000;

/** One service for the place: whom to call, and whether reports land in its inbox and it reads it now (issue 33). */
export type Contact = ContactListResponse['data'][number];

function getContacts(latitude: number, longitude: number, behaviour: Behaviour, animal: AnimalKey): Promise<{ data: Contact[] }> {
  // With the animal, `inbox` says whether this report lands in the service's inbox (its routing rules).
  const query = new URLSearchParams({ latitude: String(latitude), longitude: String(longitude), behaviour, animal });
  return api<{ data: Contact[] }>(`/Contacts?${query.toString()}`);
}

/** One answer per place, behaviour and animal: the same alert's popup opened again within the minute asks nothing. */
export const contactsKey = (latitude: number, longitude: number, behaviour: Behaviour, animal: AnimalKey) =>
  ['contacts', latitude, longitude, behaviour, animal] as const;

export function useContacts(latitude: number, longitude: number, behaviour: Behaviour, animal: AnimalKey) {
  return useQuery({
    queryKey: contactsKey(latitude, longitude, behaviour, animal),
    queryFn: () => getContacts(latitude, longitude, behaviour, animal).then((r) => r.data),
    staleTime: CONTACTS_STALE_MS,
  });
}
