import { randomInt } from 'node:crypto';
import safeWords from '@nkzw/safe-word-list';
import { LEARNER_SECRET_WORDS } from '#shared/constants.ts';

/**
 * Words a child can read and type: from `@nkzw/safe-word-list` (common English words without
 * offensive ones), 3 to 6 lower-case letters, less those a class would giggle at or a school would
 * rather not print on a card. Reviewed word by word (issue 36, docs/classes.md "Secret words"): one
 * rule a group, so the next review knows why a word is out.
 */
const NOT_FOR_CARDS = new Set([
  // Body parts and the body: a card reading "tongue chest lip" is read aloud to the whole room.
  ...['arm', 'body', 'bone', 'brain', 'breast', 'breath', 'cheek', 'chest', 'ear', 'eye', 'face', 'finger'],
  ...['flesh', 'foot', 'hair', 'hand', 'head', 'heart', 'heel', 'hip', 'knee', 'leg', 'lip', 'lung', 'mouth'],
  ...['muscle', 'neck', 'nerve', 'nose', 'palm', 'skin', 'throat', 'toe', 'tongue', 'tooth', 'birth', 'naked'],
  // Toilet words, and words that are one in the playground.
  ...['bottom', 'behind', 'gas', 'smell', 'wipe', 'pant', 'hole', 'crack', 'pot', 'nut', 'toss', 'rub', 'wet'],
  // Double meanings: rude, romantic or insulting in a second sense a class knows.
  ...['adult', 'affair', 'blow', 'cop', 'cow', 'hot', 'kiss', 'lap', 'lover', 'mount', 'sex', 'strip', 'swear', 'tool'],
  // Violence, weapons, death and fear.
  ...['armed', 'blade', 'bullet', 'bury', 'ghost', 'grave', 'gun', 'hunter', 'kill', 'knife', 'rifle'],
  ...['shot', 'steal'],
  // Drink, drugs, gambling and money trouble.
  ...['beer', 'bet', 'dealer', 'diet', 'drink', 'drug', 'joint', 'loan', 'tax', 'wine'],
  // Religion, and words that name or single out a group of people or a body.
  ...['church', 'holy', 'pray', 'prayer', 'priest', 'sacred', 'blind', 'ethnic', 'female', 'gender', 'male'],
  ...['mental', 'racial', 'weight'],
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
