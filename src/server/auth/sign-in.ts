import type { HttpError } from '../http-error.ts';
import { verifyPassword } from './passwords.ts';

/** What signing in reads of an account. */
export interface SignInAccount {
  readonly password_hash: string;
  readonly suspended_at: string | null;
}

/** One kind of sign-in's count of wrong attempts (failed passwords per account, wrong secrets per learner). */
export interface WrongAttempts<Refusal extends string> {
  /** Counts the attempt as wrong, or answers why it is refused (then it counts for nothing). */
  attempt(): Promise<Refusal | null>;
  /** The secret was right: the attempt is given back. */
  right(): Promise<void>;
}

export interface SignInCheck<Account extends SignInAccount, Refusal extends string> {
  readonly attempts: WrongAttempts<Refusal>;
  /** The account signing in, read once the attempt is counted; undefined when there is none. */
  account(): Promise<Account | undefined>;
  /** The password or secret words as the account's hash was made from them. */
  readonly secret: string;
  readonly refused: (refusal: Refusal) => HttpError;
  /** A wrong secret, or no such account: one answer, in the same time (a dummy hash is checked). */
  readonly wrong: () => HttpError;
  /** Told only to whoever knows the secret: a suspension is no secret from its owner. */
  readonly suspended: () => HttpError;
}

/**
 * The order every sign-in keeps, the password sign-in and the class sign-in alike: the attempt is
 * counted as wrong before the (slow) check, so attempts sent at once cannot all pass a count of
 * none; then the secret is checked (against a dummy hash when there is no account, so an unknown
 * account takes as long as a wrong secret); a right one gives the attempt back; only then is a
 * suspension told. Answers the account, for the caller to start its session.
 */
export async function checkSignIn<Account extends SignInAccount, Refusal extends string>(
  check: SignInCheck<Account, Refusal>,
): Promise<Account> {
  const refusal = await check.attempts.attempt();
  if (refusal !== null) throw check.refused(refusal);
  const account = await check.account();
  const valid = await verifyPassword(account?.password_hash ?? null, check.secret);
  if (!account || !valid) throw check.wrong();
  await check.attempts.right();
  if (account.suspended_at !== null) throw check.suspended();
  return account;
}
