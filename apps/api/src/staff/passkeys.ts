/**
 * Passkeys (WebAuthn) through @simplewebauthn/server: the options a browser needs to make or use
 * one, and the checks of its answers. Discoverable credentials with user verification (the
 * phone's lock or a fingerprint): the passkey alone is two factors, and sign-in needs no name.
 */
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { StoredPasskey } from '../repositories/staff-repository.ts';

/** Whose site a passkey belongs to: the relying party's id (a host name) and its origin. */
export interface RelyingParty {
  id: string;
  origin: string;
}

const RP_NAME = 'WildAlert';

/** How long a browser may take to make or use a passkey (the person unlocks their phone meanwhile). */
export const CEREMONY_MINUTES = 5;

export function registrationOptions(
  rp: RelyingParty,
  person: { accountId?: string; name: string },
  existing: Array<{ id: string; transports: string[] }> = [],
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  return generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: rp.id,
    userName: person.name,
    userDisplayName: person.name,
    ...(person.accountId ? { userID: new TextEncoder().encode(person.accountId) } : {}),
    attestationType: 'none',
    timeout: CEREMONY_MINUTES * 60_000,
    excludeCredentials: existing.map((p) => ({ id: p.id, transports: p.transports as AuthenticatorTransport[] })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
}

/** The new passkey a browser's answer carries, or undefined when it does not hold. */
export async function verifiedRegistration(
  rp: RelyingParty,
  challenge: string,
  response: RegistrationResponseJSON,
): Promise<StoredPasskey | undefined> {
  try {
    const result = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
    });
    if (!result.verified) return undefined;
    const { credential } = result.registrationInfo;
    return {
      id: credential.id,
      accountId: '',
      publicKey: Buffer.from(credential.publicKey),
      counter: credential.counter,
      transports: credential.transports ?? [],
    };
  } catch {
    // A malformed or forged answer: the same refusal as a wrong one.
    return undefined;
  }
}

export function authenticationOptions(rp: RelyingParty): Promise<PublicKeyCredentialRequestOptionsJSON> {
  return generateAuthenticationOptions({ rpID: rp.id, userVerification: 'required', timeout: CEREMONY_MINUTES * 60_000 });
}

/** The passkey's new signature counter when the answer holds, undefined when it does not. */
export async function verifiedAuthentication(
  rp: RelyingParty,
  challenge: string,
  response: AuthenticationResponseJSON,
  passkey: StoredPasskey,
): Promise<number | undefined> {
  try {
    const result = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: passkey.id,
        publicKey: new Uint8Array(passkey.publicKey),
        counter: passkey.counter,
        transports: passkey.transports as AuthenticatorTransport[],
      },
      requireUserVerification: true,
    });
    return result.verified ? result.authenticationInfo.newCounter : undefined;
  } catch {
    return undefined;
  }
}
