import { describe, expect, it } from 'vitest';
import { CLASS_CODE_ALPHABET, CLASS_CODE_LENGTH } from '#shared/constants.ts';
import { joinCodeSchema } from '#shared/schemas/classes.ts';
import { learnerUsername, newJoinCode, usernameBase } from './join-code.ts';
import { newLearnerSecret, normaliseSecret, SECRET_BITS, SECRET_WORDS } from './learner-secret.ts';

describe('learner secrets', () => {
  it('are three short common words with at least 30 bits', () => {
    expect(SECRET_WORDS.length).toBeGreaterThanOrEqual(1024);
    expect(SECRET_BITS).toBeGreaterThanOrEqual(30);
    expect(new Set(SECRET_WORDS).size).toBe(SECRET_WORDS.length);
    for (let i = 0; i < 200; i++) {
      const secret = newLearnerSecret();
      expect(secret).toMatch(/^[a-z]{3,6} [a-z]{3,6} [a-z]{3,6}$/);
      for (const word of secret.split(' ')) expect(SECRET_WORDS).toContain(word);
    }
    expect(SECRET_WORDS).not.toContain('beer');
  });

  it('compare without case, spaces or dashes between the words', () => {
    expect(normaliseSecret('  Tiger-LEMON   cloud. ')).toBe('tiger lemon cloud');
    expect(normaliseSecret('tiger lemon cloud')).toBe('tiger lemon cloud');
  });
});

describe('join codes', () => {
  it('are 8 characters of the unambiguous alphabet, and the schema reads them as typed', () => {
    const codes = new Set(Array.from({ length: 500 }, newJoinCode));
    expect(codes.size).toBe(500);
    for (const code of codes) {
      expect(code).toHaveLength(CLASS_CODE_LENGTH);
      expect([...code].every((char) => CLASS_CODE_ALPHABET.includes(char))).toBe(true);
      expect(joinCodeSchema.parse(`${code.slice(0, 4).toLowerCase()}-${code.slice(4)}`)).toBe(code);
    }
    expect(CLASS_CODE_LENGTH * Math.log2(CLASS_CODE_ALPHABET.length)).toBeGreaterThan(39);
    for (const bad of ['ABCD', 'ABCDEFGHJ', 'ABCDEF0O', 'abcdefg1'])
      expect(joinCodeSchema.safeParse(bad).success).toBe(false);
  });
});

describe('learner usernames', () => {
  it('are the name in plain letters and a number', () => {
    expect(usernameBase('Ada L.')).toBe('adal');
    expect(usernameBase('Zoë Ō.')).toBe('zoeo');
    expect(usernameBase('李')).toBe('learner');
    expect(learnerUsername('Ada L.', 0)).toMatch(/^adal-\d{3}$/);
    expect(learnerUsername('Ada L.', 7)).toMatch(/^adal-\d{4}$/);
  });
});
