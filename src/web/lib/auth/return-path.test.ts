import { describe, expect, it } from 'vitest';
import { authPathReturningTo } from './auth-redirect.ts';
import { RETURN_PARAM, returnPath } from './return-path.ts';

describe('returnPath', () => {
  it.each([
    ['/dashboard', '/dashboard'],
    ['/projects?q=solar&level=Advanced', '/projects?q=solar&level=Advanced'],
    ['/projects/line-following-robot#step-4', '/projects/line-following-robot#step-4'],
    ['/people', '/people'],
    ['/', '/'],
    // Dot segments resolve inside the site.
    ['/projects/../dashboard', '/dashboard'],
    ['/%2F%2Fevil.com', '/%2F%2Fevil.com'],
  ])('keeps the same-site path %s', (raw, expected) => {
    expect(returnPath(raw)).toBe(expected);
  });

  it.each([
    ['//evil.com'],
    ['//evil.com/dashboard'],
    ['///evil.com'],
    ['https://evil.com'],
    ['http://evil.com/dashboard'],
    ['HTTPS://evil.com'],
    ['/\\evil.com'],
    ['\\\\evil.com'],
    ['\\/evil.com'],
    ['/dashboard\\..\\..\\evil.com'],
    ['javascript:alert(1)'],
    ['JavaScript:alert(1)'],
    [' javascript:alert(1)'],
    ['data:text/html,<script>alert(1)</script>'],
    ['vbscript:msgbox(1)'],
    // Browsers drop tabs and line breaks from a URL: "/\t/evil.com" is "//evil.com".
    ['/\t/evil.com'],
    ['/\n/evil.com'],
    ['/\r/evil.com'],
    ['/\u0000/evil.com'],
    [' /dashboard'],
    ['dashboard'],
    ['evil.com'],
    ['.'],
    ['?next=/dashboard'],
    ['#top'],
    [''],
    // /auth itself would send the member round in a circle.
    ['/auth'],
    ['/auth?next=/dashboard'],
    [`/${'a'.repeat(2048)}`],
  ])('refuses %j', (raw) => {
    expect(returnPath(raw)).toBeNull();
  });

  it('refuses a missing parameter', () => {
    expect(returnPath(null)).toBeNull();
    expect(returnPath(undefined)).toBeNull();
  });
});

describe('authPathReturningTo', () => {
  it('names the page to come back to in the query, encoded', () => {
    const path = authPathReturningTo({ pathname: '/projects', search: '?q=solar&level=Advanced', hash: '' });
    expect(path).toBe('/auth?next=%2Fprojects%3Fq%3Dsolar%26level%3DAdvanced');
    const back = new URL(path, 'https://example.test').searchParams.get(RETURN_PARAM);
    expect(returnPath(back)).toBe('/projects?q=solar&level=Advanced');
  });

  it('keeps the step a tutorial was opened at', () => {
    expect(authPathReturningTo({ pathname: '/projects/plant-watering-robot', search: '', hash: '#step-3' })).toBe(
      '/auth?next=%2Fprojects%2Fplant-watering-robot%23step-3',
    );
  });

  it('is plain /auth for the home page and for what returnPath would refuse', () => {
    expect(authPathReturningTo({ pathname: '/', search: '', hash: '' })).toBe('/auth');
    expect(authPathReturningTo({ pathname: '//evil.com', search: '', hash: '' })).toBe('/auth');
  });
});
