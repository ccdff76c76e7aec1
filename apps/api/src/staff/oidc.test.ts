import { describe, expect, it } from 'vitest';
import { claimAt, roleOf, scopes } from './oidc.ts';

const MAPPING = [
  { value: 'city-guard', role: 'responder' },
  { value: 'wildalert-admin', role: 'admin' },
  { value: 'wildalert-moderator', role: 'moderator' },
] as const;

describe("reading the provider's claims", () => {
  it('finds the role claim by its whole name, else by a dotted path', () => {
    const claims = { roles: ['a'], realm_access: { roles: ['b'] }, 'https://city.example/roles': 'c' };
    expect(claimAt(claims, 'roles')).toEqual(['a']);
    expect(claimAt(claims, 'realm_access.roles')).toEqual(['b']);
    expect(claimAt(claims, 'https://city.example/roles')).toBe('c');
    expect(claimAt(claims, 'realm_access.groups')).toBeUndefined();
    expect(claimAt(claims, 'roles.length')).toBeUndefined();
    expect(claimAt(claims, 'constructor')).toBeUndefined();
  });

  it('gives the highest mapped role of a string or a list, and none for unmapped or odd values', () => {
    expect(roleOf(['city-guard', 'wildalert-admin', 'wildalert-moderator'], [...MAPPING])).toBe('admin');
    expect(roleOf('wildalert-moderator', [...MAPPING])).toBe('moderator');
    expect(roleOf(['staff', 'Wildalert-Admin'], [...MAPPING])).toBeUndefined();
    expect(roleOf(undefined, [...MAPPING])).toBeUndefined();
    expect(roleOf({ 'wildalert-admin': true }, [...MAPPING])).toBeUndefined();
  });

  it('asks for the scopes the provider lists that are named like the role claim', () => {
    expect(scopes('realm_access.roles', ['openid', 'profile', 'roles', 'email'])).toEqual(['openid', 'profile', 'roles']);
    expect(scopes('roles', ['openid', 'profile', 'email'])).toEqual(['openid', 'profile']);
    expect(scopes('roles', undefined)).toEqual(['openid', 'profile']);
  });
});
