import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HttpError } from '../http-error.ts';
import { hashPassword, setPasswordHashCost } from './passwords.ts';
import { checkSignIn, type SignInAccount } from './sign-in.ts';

const SECRET = 'style advise money';

/** A sign-in whose every step writes what it did to `steps`, in order. */
function recordedCheck(options: { account: SignInAccount | undefined; refusal?: 'locked' | null; secret?: string }) {
  const steps: string[] = [];
  const check = checkSignIn({
    attempts: {
      async attempt() {
        steps.push('count');
        return options.refusal ?? null;
      },
      async right() {
        steps.push('give back');
      },
    },
    async account() {
      steps.push('read account');
      return options.account;
    },
    secret: options.secret ?? SECRET,
    refused: (refusal) => new HttpError(429, refusal, 'refused'),
    wrong: () => new HttpError(400, 'invalid_credentials', 'wrong'),
    suspended: () => new HttpError(403, 'user_suspended', 'suspended'),
  });
  return { steps, check };
}

describe('checkSignIn: the one order of every sign-in', () => {
  let passwordHash = '';
  beforeEach(async () => {
    setPasswordHashCost('test');
    passwordHash = await hashPassword(SECRET);
  });
  afterEach(() => setPasswordHashCost('owasp'));

  it('counts the attempt, reads the account, checks the secret, gives the attempt back, and answers the account', async () => {
    const account = { password_hash: passwordHash, suspended_at: null };
    const { steps, check } = recordedCheck({ account });
    await expect(check).resolves.toBe(account);
    expect(steps).toEqual(['count', 'read account', 'give back']);
  });

  it('refuses before anything else when the count says so', async () => {
    const { steps, check } = recordedCheck({
      account: { password_hash: passwordHash, suspended_at: null },
      refusal: 'locked',
    });
    await expect(check).rejects.toMatchObject({ statusCode: 429, code: 'locked' });
    expect(steps).toEqual(['count']);
  });

  it('keeps a wrong secret counted (nothing given back)', async () => {
    const { steps, check } = recordedCheck({
      account: { password_hash: passwordHash, suspended_at: null },
      secret: 'style advise honey',
    });
    await expect(check).rejects.toMatchObject({ statusCode: 400, code: 'invalid_credentials' });
    expect(steps).toEqual(['count', 'read account']);
  });

  it('answers no account as it answers a wrong secret, and keeps it counted', async () => {
    const { steps, check } = recordedCheck({ account: undefined });
    await expect(check).rejects.toMatchObject({ statusCode: 400, code: 'invalid_credentials' });
    expect(steps).toEqual(['count', 'read account']);
  });

  it('tells a suspension only after the right secret, and gives the attempt back first', async () => {
    const { steps, check } = recordedCheck({
      account: { password_hash: passwordHash, suspended_at: '2026-11-28T10:00:00.000Z' },
    });
    await expect(check).rejects.toMatchObject({ statusCode: 403, code: 'user_suspended' });
    expect(steps).toEqual(['count', 'read account', 'give back']);
  });

  it('tells no suspension to a wrong secret', async () => {
    const { check } = recordedCheck({
      account: { password_hash: passwordHash, suspended_at: '2026-11-28T10:00:00.000Z' },
      secret: 'wrong',
    });
    await expect(check).rejects.toMatchObject({ statusCode: 400, code: 'invalid_credentials' });
  });
});
