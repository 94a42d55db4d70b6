import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { type WindowLimit, windowCounter } from '../window-counter.ts';

/** How many failed sign-ins are tolerated per account, and per account from one address. */
export interface FailedSignInLimits {
  readonly perAccount: WindowLimit;
  readonly perAccountAndAddress: WindowLimit;
}

/**
 * Failed password sign-ins, counted per account and per (account, address) in fixed windows, in
 * Redis when several instances must share the counts, otherwise in this process.
 *
 * An address is refused for an account when it has failed too often for that account, or when the
 * account has had its share of failures (OWASP ASVS 4.0.3 2.2.1: at most 100 an hour) and this
 * address took part. An address that has not failed may still sign in, so an attacker cannot lock
 * the owner out (ASVS 5.0 6.1.1: the controls must prevent malicious account lockout).
 *
 * An attempt is counted as failed before its password is checked, and given back when it was right:
 * attempts sent at once (to one instance or several) each take their own place in the counts, so no
 * more than the limits ever reach the (slow) password check, however many race each other.
 */
export interface FailedSignIns {
  /** Counts one attempt, or answers that it is refused (then it counts for nothing). */
  attempt(email: string, address: string): Promise<'refused' | 'counted'>;
  /** The password was right: the attempt is given back and the address's failures for this account forgiven. */
  rightPassword(email: string, address: string): Promise<void>;
}

const digest = (text: string) => createHash('sha256').update(text).digest('base64url');

/** The e-mail and address never become cache keys themselves (keys show up in Redis tooling). */
function keysOf(email: string, address: string) {
  return { account: digest(email), pair: digest(`${email}\n${address}`) };
}

/** Whether an attempt is refused, from the failures counted before it. */
function refused(limits: FailedSignInLimits, accountFailures: number, pairFailures: number): boolean {
  if (pairFailures >= limits.perAccountAndAddress.max) return true;
  return accountFailures >= limits.perAccount.max && pairFailures > 0;
}

/**
 * Counted in Redis under `prefix` when `redis` is given (in this process while it does not answer:
 * a Redis restart makes the counts per instance for a while instead of failing sign-ins).
 */
export function failedSignIns(redis: Redis | null, limits: FailedSignInLimits, prefix = ''): FailedSignIns {
  const perAccount = windowCounter(redis, `${prefix}failed-sign-ins:account`, limits.perAccount);
  const perPair = windowCounter(redis, `${prefix}failed-sign-ins:address`, limits.perAccountAndAddress);
  return {
    async attempt(email, address) {
      const keys = keysOf(email, address);
      // One atomic increment each (a penalty counts past the limit without rejecting): the counts before this attempt.
      const [account, pair] = await Promise.all([perAccount.penalty(keys.account), perPair.penalty(keys.pair)]);
      if (!refused(limits, account.consumedPoints - 1, pair.consumedPoints - 1)) return 'counted';
      await Promise.all([perAccount.reward(keys.account), perPair.reward(keys.pair)]);
      return 'refused';
    },
    async rightPassword(email, address) {
      const keys = keysOf(email, address);
      await Promise.all([perAccount.reward(keys.account), perPair.delete(keys.pair)]);
    },
  };
}
