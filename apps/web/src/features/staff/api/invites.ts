/**
 * Invites: an admin creates one (its link shown once) or revokes it; the invitee checks it and
 * registers a passkey with it, which creates the account and signs them in.
 */
import { startRegistration, type PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { StaffRole } from '@wildalert/shared';
import { staffWrite, type StaffMe } from '../../../lib/staff-session.ts';
import { jsonPost, useStartSession } from './sign-in.ts';
import { useStaffMutation } from './staff-mutation.ts';

export interface InviteCheck {
  name: string;
  role: StaffRole;
  expiresAt: string;
}

/** 404: unknown, used or revoked; 410: expired. */
export function useInviteCheck(token: string | null) {
  return useQuery({
    queryKey: ['staff', 'invite-check', token],
    queryFn: async () => (await api<{ data: InviteCheck }>('/staff/invites/check', jsonPost({ token }))).data,
    enabled: token !== null,
    retry: false,
    staleTime: Infinity,
  });
}

/**
 * The passkey ceremony of a new account: the server's options, the authenticator's new key, the
 * account and its session. `name`: the person's own, when not the invite's (the first admin's invite says only "Admin").
 */
async function register({ token, name, passkeyName }: { token: string; name?: string; passkeyName: string }): Promise<StaffMe> {
  const { data: optionsJSON } = await api<{ data: PublicKeyCredentialCreationOptionsJSON }>('/staff/invites/registration-options', jsonPost({ token }));
  const response = await startRegistration({ optionsJSON });
  const body = { token, response, ...(name ? { name } : {}), ...(passkeyName === '' ? {} : { passkeyName }) };
  return (await api<{ data: StaffMe }>('/staff/invites/registration', jsonPost(body))).data;
}

export function useRegister() {
  const start = useStartSession();
  return useMutation({ mutationFn: register, onSuccess: start });
}

export interface OpenInvite {
  id: string;
  name: string;
  role: StaffRole;
  expiresAt: string;
  createdAt: string;
}

/** What creating an invite answers: the link, with its secret in the fragment, this once only. */
export interface CreatedInvite extends OpenInvite {
  link: string;
}

const invitesKey = ['staff', 'invites'];

export function useOpenInvites() {
  return useQuery({ queryKey: invitesKey, queryFn: async () => (await api<{ data: OpenInvite[] }>('/staff/invites', { cache: 'no-store' })).data });
}

export function useCreateInvite(me: StaffMe) {
  return useStaffMutation(
    async (invite: { name: string; role: StaffRole }) => (await api<{ data: CreatedInvite }>('/staff/invites', staffWrite(me, 'POST', invite))).data,
    [invitesKey],
  );
}

export function useRevokeInvite(me: StaffMe) {
  return useStaffMutation((id: string) => api<void>(`/staff/invites/${encodeURIComponent(id)}`, staffWrite(me, 'DELETE')), [invitesKey]);
}
