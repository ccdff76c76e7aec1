/** The shapes staff routes share: a browser's WebAuthn answer, roles, the signed-in person. */
import { Type, type Static } from 'typebox';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { STAFF_ROLES } from '@wildalert/shared';

export const RoleSchema = Type.Union(
  [Type.Literal(STAFF_ROLES[0]), Type.Literal(STAFF_ROLES[1]), Type.Literal(STAFF_ROLES[2])],
  { description: 'responder < moderator < admin: a higher role may do all that a lower one may' },
);

/** A name as people write it: a few words. */
export const NameSchema = Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' });

/**
 * What `navigator.credentials.create()` / `.get()` answered, as @simplewebauthn/browser encodes
 * it; its contents are the library's to check.
 */
const credentialJson = (description: string) =>
  Type.Object(
    {
      id: Type.String({ minLength: 1, maxLength: 1400 }),
      rawId: Type.String({ minLength: 1, maxLength: 1400 }),
      type: Type.Literal('public-key'),
      response: Type.Record(Type.String(), Type.Unknown()),
      clientExtensionResults: Type.Record(Type.String(), Type.Unknown()),
      authenticatorAttachment: Type.Optional(Type.String()),
    },
    { description },
  );

export const RegistrationSchema = Type.Unsafe<RegistrationResponseJSON>(credentialJson('The new passkey, as @simplewebauthn/browser startRegistration() returns it'));
export const AuthenticationSchema = Type.Unsafe<AuthenticationResponseJSON>(credentialJson('The signature, as @simplewebauthn/browser startAuthentication() returns it'));

/** Options for the browser's WebAuthn call, as @simplewebauthn/browser takes them. */
export const CeremonyOptionsSchema = Type.Object({ data: Type.Record(Type.String(), Type.Unknown()) });

export const MeSchema = Type.Object({
  data: Type.Object({
    id: Type.String({ format: 'uuid' }),
    name: Type.String(),
    role: RoleSchema,
    csrfToken: Type.Union([Type.String(), Type.Null()], { description: 'Send as X-CSRF-Token with every write (null for an API token: none needed)' }),
    signedInWith: Type.Union([Type.Literal('passkey'), Type.Literal('sso'), Type.Literal('token')]),
  }),
});
export type Me = Static<typeof MeSchema>;

export const IdParams = Type.Object({ id: Type.String({ description: 'UUID' }) });
