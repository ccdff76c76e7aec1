/** My passkeys: the list, another one added (a second device), one removed. */
import { startRegistration, type PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { staffWrite, type StaffMe } from '../../../lib/staff-session.ts';
import { useStaffMutation } from './staff-mutation.ts';

export interface Passkey {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

const passkeysKey = ['staff', 'passkeys'];

export function usePasskeys() {
  return useQuery({ queryKey: passkeysKey, queryFn: async () => (await api<{ data: Passkey[] }>('/staff/passkeys', { cache: 'no-store' })).data });
}

/** The ceremony again, for this account: the server leaves out the keys it has already (excludeCredentials). */
export function useAddPasskey(me: StaffMe) {
  return useStaffMutation(async (name: string) => {
    const { data: optionsJSON } = await api<{ data: PublicKeyCredentialCreationOptionsJSON }>('/staff/passkeys/options', staffWrite(me, 'POST'));
    const response = await startRegistration({ optionsJSON });
    await api<unknown>('/staff/passkeys', staffWrite(me, 'POST', { response, ...(name === '' ? {} : { name }) }));
  }, [passkeysKey]);
}

/** 409 for the last passkey of an account without single sign-on: it could not sign in again. */
export function useRemovePasskey(me: StaffMe) {
  return useStaffMutation((id: string) => api<void>(`/staff/passkeys/${encodeURIComponent(id)}`, staffWrite(me, 'DELETE')), [passkeysKey]);
}
