import { afterEach, describe, expect, it } from 'vitest';
import { hashPassword, setPasswordHashCost, verifyPassword } from './passwords.ts';

describe('password hashing', () => {
  afterEach(() => setPasswordHashCost('owasp'));

  it('uses argon2id at OWASP’s cost unless told otherwise', async () => {
    const stored = await hashPassword('correct horse battery');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    await expect(verifyPassword(stored, 'correct horse battery')).resolves.toBe(true);
    await expect(verifyPassword(stored, 'wrong')).resolves.toBe(false);
  });

  it('hashes at the test cost when a test run asks, and verifies hashes of either cost', async () => {
    const strong = await hashPassword('same password');
    setPasswordHashCost('test');
    const cheap = await hashPassword('same password');
    expect(cheap).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
    await expect(verifyPassword(cheap, 'same password')).resolves.toBe(true);
    await expect(verifyPassword(strong, 'same password')).resolves.toBe(true);
    await expect(verifyPassword(null, 'same password')).resolves.toBe(false);
  });
});
