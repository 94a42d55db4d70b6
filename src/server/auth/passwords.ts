import { hash, verify } from '@node-rs/argon2';

/** `Algorithm.Argon2id`: the package exports it as a const enum, which type stripping cannot read. */
const ARGON2ID = 2;

/**
 * argon2id with OWASP's recommended minimum set explicitly (m = 19 MiB, t = 2, p = 1): the
 * library's defaults are weaker. `test`: 1 MiB and one pass (about 1 ms instead of 33 here), for
 * test runs only: the environment is refused unless NODE_ENV=test (env.ts, PASSWORD_HASH_COST). A
 * hash names its own parameters, so verifying works whatever made it.
 */
const ARGON2_OPTIONS = {
  owasp: { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 },
  test: { algorithm: ARGON2ID, memoryCost: 1024, timeCost: 1, parallelism: 1 },
} as const;

export type PasswordHashCost = keyof typeof ARGON2_OPTIONS;

let cost: PasswordHashCost = 'owasp';

/** Set once by the app at start from its configuration. */
export function setPasswordHashCost(next: PasswordHashCost): void {
  if (next !== cost) dummyHash = undefined;
  cost = next;
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS[cost]);
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash, or against a dummy hash when the account does not
 * exist, so an unknown e-mail takes as long as a wrong password and the two cannot be told apart.
 */
export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  dummyHash ??= hashPassword('not-the-password-of-anyone');
  const target = storedHash ?? (await dummyHash);
  const matches = await verify(target, password).catch(() => false);
  return storedHash !== null && matches;
}
