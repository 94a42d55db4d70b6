import { hash, verify } from '@node-rs/argon2';

/** `Algorithm.Argon2id`: the package exports it as a const enum, which type stripping cannot read. */
const ARGON2ID = 2;

/**
 * argon2id with OWASP's recommended minimum set explicitly (m = 19 MiB, t = 2, p = 1):
 * the library's defaults are weaker.
 */
const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
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
