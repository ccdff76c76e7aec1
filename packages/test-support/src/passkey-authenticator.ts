/**
 * A passkey authenticator in software, for tests that sign in without a browser: it makes ES256
 * credentials with "none" attestation and signs challenges as a phone or a security key would
 * (user present and verified), in the WebAuthn wire format @simplewebauthn/browser sends. The
 * browser tests use Chromium's own virtual authenticator instead.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

interface Credential {
  id: Buffer;
  rpId: string;
  userHandle: string | undefined;
  privateKey: KeyObject;
  counter: number;
}

/** Options as the server sends them (PublicKeyCredentialCreationOptionsJSON / RequestOptionsJSON), the fields used here. */
interface CreationOptions {
  challenge: string;
  rp: { id?: string };
  user: { id: string };
}
interface RequestOptions {
  challenge: string;
  rpId?: string;
}

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_DATA = 0x40;

const b64u = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
const uint32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};

export class PasskeyAuthenticator {
  private readonly credentials: Credential[] = [];

  /** `origin`: the page's origin as the browser would report it (e.g. http://localhost:8080). */
  constructor(readonly origin: string) {}

  /** Ids (base64url) of the passkeys it holds. */
  get ids(): string[] {
    return this.credentials.map((c) => b64u(c.id));
  }

  /** What `navigator.credentials.create()` would answer: a new passkey for the options' site. */
  register(options: CreationOptions) {
    const rpId = options.rp.id ?? new URL(this.origin).hostname;
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const credential: Credential = { id: randomBytes(16), rpId, userHandle: options.user.id, privateKey, counter: 0 };
    this.credentials.push(credential);
    // COSE_Key: kty EC2, alg ES256, crv P-256, x, y.
    const coseKey = new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, new Uint8Array(Buffer.from(jwk.x!, 'base64url'))],
      [-3, new Uint8Array(Buffer.from(jwk.y!, 'base64url'))],
    ]);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credential.id.length);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([FLAG_USER_PRESENT | FLAG_USER_VERIFIED | FLAG_ATTESTED_DATA]),
      uint32(0),
      Buffer.alloc(16), // AAGUID: none
      idLength,
      credential.id,
      Buffer.from(isoCBOR.encode(coseKey)),
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Map<string, string> | Uint8Array>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', new Uint8Array(authData)],
      ]),
    );
    const clientDataJSON = JSON.stringify({ type: 'webauthn.create', challenge: options.challenge, origin: this.origin, crossOrigin: false });
    return {
      id: b64u(credential.id),
      rawId: b64u(credential.id),
      type: 'public-key' as const,
      response: { clientDataJSON: b64u(clientDataJSON), attestationObject: b64u(attestationObject), transports: ['internal'] },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** What `navigator.credentials.get()` would answer: a signature by the site's passkey (the first, or the one named). */
  authenticate(options: RequestOptions, credentialId?: string) {
    const rpId = options.rpId ?? new URL(this.origin).hostname;
    const credential = this.credentials.find((c) => c.rpId === rpId && (credentialId === undefined || b64u(c.id) === credentialId));
    if (!credential) throw new Error(`No passkey for ${rpId}${credentialId ? ` with id ${credentialId}` : ''}`);
    credential.counter += 1;
    const authenticatorData = Buffer.concat([sha256(rpId), Buffer.from([FLAG_USER_PRESENT | FLAG_USER_VERIFIED]), uint32(credential.counter)]);
    const clientDataJSON = JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin: this.origin, crossOrigin: false });
    const signature = sign('sha256', Buffer.concat([authenticatorData, sha256(clientDataJSON)]), credential.privateKey);
    return {
      id: b64u(credential.id),
      rawId: b64u(credential.id),
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64u(clientDataJSON),
        authenticatorData: b64u(authenticatorData),
        signature: b64u(signature),
        ...(credential.userHandle ? { userHandle: credential.userHandle } : {}),
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }
}
