import { describe, expect, it } from 'vitest';
import { roleHint } from './role-hint.ts';

const token = (claims: object) => `e30.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.sig`;

describe('roleHint', () => {
  it('reads app_role from an access token, and nothing from anything else', () => {
    expect(roleHint(token({ sub: 'x', app_role: 'learner', email: 'ädä@example.test' }))).toBe('learner');
    expect(roleHint(token({ sub: 'x' }))).toBeNull();
    expect(roleHint(token({ app_role: 7 }))).toBeNull();
    for (const bad of [null, undefined, '', 'abc', 'a.!!!.c', 'a.bnVsbA.c']) expect(roleHint(bad)).toBeNull();
  });
});
