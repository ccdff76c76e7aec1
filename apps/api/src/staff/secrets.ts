/** Staff secrets (invites, sessions, ceremonies, API tokens): random, and stored only as their SHA-256. */
import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes, base64url: 256 bits nobody guesses. */
export const newSecret = (): string => randomBytes(32).toString('base64url');

/** What the database keeps of a secret. */
export const secretHash = (secret: string): Buffer => createHash('sha256').update(secret).digest();

/** Personal API tokens say what they are, so that a leaked one is recognised (and scanners find it). */
export const API_TOKEN_PREFIX = 'wa_';

export const newApiToken = (): string => `${API_TOKEN_PREFIX}${newSecret()}`;
