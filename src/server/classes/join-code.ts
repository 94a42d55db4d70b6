import { randomInt } from 'node:crypto';
import { CLASS_CODE_ALPHABET, CLASS_CODE_LENGTH } from '#shared/constants.ts';

/** A new join code: `CLASS_CODE_LENGTH` characters of the unambiguous alphabet, from the OS's random numbers. */
export function newJoinCode(): string {
  return Array.from(
    { length: CLASS_CODE_LENGTH },
    () => CLASS_CODE_ALPHABET[randomInt(CLASS_CODE_ALPHABET.length)],
  ).join('');
}

/** A username unique on the site is this base and a number: "Ada L." → "adal". */
export function usernameBase(displayName: string): string {
  const base = displayName
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .slice(0, 20);
  return base.length >= 2 ? base : 'learner';
}

/** "adal-482": three digits keep names short; a clash draws again (and widens to four after a few). */
export function learnerUsername(displayName: string, attempt: number): string {
  const digits = attempt < 5 ? 3 : 4;
  const number = randomInt(10 ** (digits - 1), 10 ** digits);
  return `${usernameBase(displayName)}-${number}`;
}
