import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
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
 */
export interface FailedSignIns {
  isRefused(email: string, address: string): Promise<boolean>;
  recordFailure(email: string, address: string): Promise<void>;
  /** A correct password: the address's failures for this account are forgiven. */
  recordSuccess(email: string, address: string): Promise<void>;
}

const digest = (text: string) => createHash('sha256').update(text).digest('base64url');

/** The e-mail and address never become cache keys themselves (keys show up in Redis tooling). */
function keysOf(email: string, address: string) {
  return { account: digest(email), pair: digest(`${email}\n${address}`) };
}

function refused(limits: FailedSignInLimits, accountFailures: number, pairFailures: number): boolean {
  if (pairFailures >= limits.perAccountAndAddress.max) return true;
  return accountFailures >= limits.perAccount.max && pairFailures > 0;
}

const failuresIn = async (counter: RateLimiterAbstract, key: string) => (await counter.get(key))?.consumedPoints ?? 0;

/**
 * Counted in Redis under `prefix` when `redis` is given (in this process while it does not answer:
 * a Redis restart makes the counts per instance for a while instead of failing sign-ins).
 */
export function failedSignIns(redis: Redis | null, limits: FailedSignInLimits, prefix = ''): FailedSignIns {
  const perAccount = windowCounter(redis, `${prefix}failed-sign-ins:account`, limits.perAccount);
  const perPair = windowCounter(redis, `${prefix}failed-sign-ins:address`, limits.perAccountAndAddress);
  return {
    async isRefused(email, address) {
      const keys = keysOf(email, address);
      const [account, pair] = await Promise.all([failuresIn(perAccount, keys.account), failuresIn(perPair, keys.pair)]);
      return refused(limits, account, pair);
    },
    async recordFailure(email, address) {
      const keys = keysOf(email, address);
      // A penalty counts past the limit without rejecting, as a failure is recorded whatever the count.
      await Promise.all([perAccount.penalty(keys.account), perPair.penalty(keys.pair)]);
    },
    async recordSuccess(email, address) {
      await perPair.delete(keysOf(email, address).pair);
    },
  };
}
