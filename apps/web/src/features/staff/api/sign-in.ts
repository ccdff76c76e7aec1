/** Signing in and out: the methods the server offers, the passkey ceremony, sign-out here or everywhere. */
import { startAuthentication, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { sessionEnded, staffMeKey, staffWrite, type StaffMe } from '../../../lib/staff-session.ts';

export interface SignInMethods {
  passkey: boolean;
  /** The city's single sign-on, when the server is connected to one (OIDC_NAME). */
  sso: { name: string } | null;
}

/** Where the browser goes to sign in with single sign-on: the server answers with a redirect to the provider. */
export const SSO_START = '/staff/sso';

export function useSignInMethods() {
  return useQuery({
    queryKey: ['staff', 'sign-in-methods'],
    queryFn: async () => (await api<{ data: SignInMethods }>('/staff/sign-in/methods')).data,
    staleTime: Infinity,
  });
}

/** The passkey ceremony: the server's challenge, the authenticator's answer, the session. */
async function signInWithPasskey(): Promise<StaffMe> {
  const { data: optionsJSON } = await api<{ data: PublicKeyCredentialRequestOptionsJSON }>('/staff/sign-in/options', { method: 'POST' });
  const response = await startAuthentication({ optionsJSON });
  return (await api<{ data: StaffMe }>('/staff/sign-in', jsonPost({ response }))).data;
}

/** A POST with a JSON body, before anyone is signed in (no session, so no CSRF token). */
export function jsonPost(body: unknown): RequestInit {
  return { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
}

/** Sets who is signed in now (or nobody); what the cache held for whoever was before leaves it. */
function switchPerson(queryClient: QueryClient, me: StaffMe | null) {
  queryClient.removeQueries({ queryKey: ['staff'], predicate: (query) => query.queryKey[1] !== 'sign-in-methods' });
  queryClient.removeQueries({ queryKey: ['moderation'] });
  queryClient.removeQueries({ queryKey: ['moderator-photo'] });
  queryClient.setQueryData(staffMeKey, me);
}

/** After a ceremony that started a session (a sign-in, a registration from an invite). */
export function useStartSession() {
  const queryClient = useQueryClient();
  return (me: StaffMe) => switchPerson(queryClient, me);
}

export function useSignIn() {
  const start = useStartSession();
  return useMutation({ mutationFn: signInWithPasskey, onSuccess: start });
}

/** Ends this session, or every session of the person; either way this browser is signed out. */
export function useSignOut(me: StaffMe) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (everywhere: boolean) => {
      try {
        await api<void>(everywhere ? '/staff/sign-out-everywhere' : '/staff/sign-out', staffWrite(me, 'POST'));
      } catch (error) {
        // Already over (timed out, ended from another device): signed out all the same.
        if (!sessionEnded(error)) throw error;
      }
    },
    onSuccess: () => switchPerson(queryClient, null),
  });
}
