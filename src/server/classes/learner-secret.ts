import { randomInt } from 'node:crypto';
import safeWords from '@nkzw/safe-word-list';
import { LEARNER_SECRET_WORDS } from '#shared/constants.ts';

/**
 * Words a child can read and type: from `@nkzw/safe-word-list` (common English words without
 * offensive ones), 3 to 6 lower-case letters, less a few a school would rather not print on a card.
 */
const NOT_FOR_CARDS = new Set([
  'armed',
  'beer',
  'bet',
  'bullet',
  'church',
  'cop',
  'diet',
  'drink',
  'drug',
  'gun',
  'kill',
  'knife',
  'loan',
  'naked',
  'pray',
  'prayer',
  'sex',
  'shot',
  'tax',
  'wine',
]);

export const SECRET_WORDS: readonly string[] = [
  ...new Set(safeWords.filter((word) => /^[a-z]{3,6}$/.test(word) && !NOT_FOR_CARDS.has(word))),
];

/** Bits of a secret: each word is one of `SECRET_WORDS.length`, chosen uniformly and independently. */
export const SECRET_BITS = LEARNER_SECRET_WORDS * Math.log2(SECRET_WORDS.length);

/** A new secret: `LEARNER_SECRET_WORDS` words picked with the operating system's random numbers. */
export function newLearnerSecret(): string {
  return Array.from({ length: LEARNER_SECRET_WORDS }, () => SECRET_WORDS[randomInt(SECRET_WORDS.length)]).join(' ');
}

/** How a typed secret is compared: case, spaces, dashes and dots between the words do not matter. */
export function normaliseSecret(typed: string): string {
  return typed
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter(Boolean)
    .join(' ');
}
