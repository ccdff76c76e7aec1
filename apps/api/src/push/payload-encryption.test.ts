import { createECDH, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { encryptPayload } from './payload-encryption.ts';

// Decryption by another implementation (http_ece, in the push-service stand-in) is checked by every
// API test that sends a notification; here, the RFC's own example and what a push service refuses.
describe('encryptPayload', () => {
  it('gives the body of RFC 8291 Appendix A from its keys, salt and message', () => {
    const body = encryptPayload(
      { p256dh: 'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4', auth: 'BTBZMqHH6r4Tts7J_aSIgg' },
      Buffer.from('When I grow up, I want to be a watermelon'),
      { privateKey: Buffer.from('yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw', 'base64url'), salt: Buffer.from('DGv6ra1nlYgDCS1FRnbzlw', 'base64url') },
    );
    expect(body.toString('base64url')).toBe(
      'DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN',
    );
  });

  const device = createECDH('prime256v1');
  const subscriber = { p256dh: device.generateKeys().toString('base64url'), auth: randomBytes(16).toString('base64url') };

  it('uses a new key pair and salt for every message', () => {
    const message = Buffer.from('{"title":"Dzik"}');
    const [a, b] = [encryptPayload(subscriber, message), encryptPayload(subscriber, message)];
    // Header: salt (16 bytes), record size, key length, the sender's public key (65 bytes).
    expect(a.subarray(0, 16).equals(b.subarray(0, 16))).toBe(false);
    expect(a.subarray(21, 86).equals(b.subarray(21, 86))).toBe(false);
    expect(a.readUInt32BE(16)).toBe(4096);
    expect(a.length).toBe(86 + message.length + 1 + 16);
  });

  it('refuses keys that are not a subscription’s and a message larger than a push service takes', () => {
    expect(() => encryptPayload({ ...subscriber, p256dh: 'p' }, Buffer.from('x'))).toThrow(/p256dh/);
    expect(() => encryptPayload({ ...subscriber, auth: 'a' }, Buffer.from('x'))).toThrow(/auth/);
    expect(() => encryptPayload(subscriber, Buffer.alloc(3993))).not.toThrow();
    expect(() => encryptPayload(subscriber, Buffer.alloc(3994))).toThrow(/larger/);
  });
});
