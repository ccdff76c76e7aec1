import { describe, expect, it } from 'vitest';
import { loggedUrl } from './request-log.ts';

describe('loggedUrl', () => {
  it("drops the query string of the staff's paths, however spelled", () => {
    for (const path of ['/staff/sso/callback', '/staff', '//staff/sso/callback', '/%73taff/sso/callback', '/STAFF/sso/callback']) {
      expect(loggedUrl(`${path}?code=secret&state=secret`), path).toBe(path);
    }
    expect(loggedUrl('/%E0%A4%A/x?code=secret')).toBe('/%E0%A4%A/x');
  });

  it("drops the query string of the e-mail links (their tokens), the API's and the pages'", () => {
    for (const path of ['/EmailSubscriptions/unsubscribe', '/emailsubscriptions/unsubscribe', '/WildAlertApp/email/confirm', '/WildAlertApp//email/unsubscribe']) {
      expect(loggedUrl(`${path}?token=secret&lang=pl`), path).toBe(path);
    }
  });

  it('keeps every other URL whole', () => {
    for (const url of ['/Alerts?Latitude=50&Longitude=19.9', '/staffing?x=1', '/WildAlertApp/staff/sign-in?error=sso_state', '/staff/me', '/WildAlertApp/emails?x=1']) {
      expect(loggedUrl(url)).toBe(url);
    }
  });
});
