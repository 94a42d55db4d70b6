import { BIO_MAX_LENGTH, USERNAME_MAX_LENGTH, USERNAME_MIN_LENGTH } from '../constants.ts';
import { z } from './z.ts';

/** Control characters (other than tab and line breaks in a bio) have no place in a name or a bio. */
function hasControlCharacter(text: string, allowLineBreaks: boolean): boolean {
  for (const char of text) {
    const code = char.charCodeAt(0);
    const lineBreak = char === '\n' || char === '\r' || char === '\t';
    if ((code < 0x20 || code === 0x7f) && !(allowLineBreaks && lineBreak)) return true;
  }
  return false;
}

/** Characters as people and the database count them: an emoji is one, not two UTF-16 units. */
function characterCount(text: string): number {
  return [...text].length;
}

const ASCII_SPACE = new Set(['\t', '\n', '\v', '\f', '\r', ' ']);

/**
 * Only ordinary white space is trimmed: a no-break space or a byte-order mark at either end is
 * refused, not hidden. By hand, before any length is checked: a trailing `[ ]+$` pattern is tried
 * from every space, and a name of 16 KB of them inside took it 0.1 s.
 */
function trimAsciiSpace(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && ASCII_SPACE.has(text[start] ?? '')) start++;
  while (end > start && ASCII_SPACE.has(text[end - 1] ?? '')) end--;
  return text.slice(start, end);
}

/**
 * Characters that show nothing, or change how the text around them is shown: format controls
 * (bidi marks, embeddings, overrides and isolates; zero-width space, joiners; the byte-order mark),
 * every default-ignorable code point (soft hyphen, fillers, variation selectors, tags), private
 * use, the braille blank, and any space other than the plain one. A name built with them can pass
 * for another member's (product D8).
 */
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Cf}\p{Co}\u2800]|[^\S ]/u;
/** Inside an emoji sequence a joiner or a variation selector is part of a picture, not hidden. */
const EMOJI_SEQUENCE_PARTS =
  /(?<=\p{Emoji})[\uFE0E\uFE0F]|(?<=\p{Extended_Pictographic}[\u{1F3FB}-\u{1F3FF}\uFE0F]?)\u200D(?=\p{Extended_Pictographic})/gu;

function hasInvisibleCharacter(name: string): boolean {
  return INVISIBLE.test(name.replace(EMOJI_SEQUENCE_PARTS, ''));
}

/**
 * An empty username clears it (the member shows as 'Anonymous Builder'). Names are stored in NFC,
 * so one spelling of "é" is kept; uniqueness also ignores case and look-alike letters (server).
 */
const usernameSchema = z
  .string({ error: 'Username must be text' })
  .transform((name) => trimAsciiSpace(name).normalize('NFC'))
  .refine((name) => !hasControlCharacter(name, false), 'Username cannot contain control characters')
  .refine((name) => !hasInvisibleCharacter(name), 'Username cannot contain invisible or direction-changing characters')
  .refine(
    (name) =>
      name.length === 0 || (characterCount(name) >= USERNAME_MIN_LENGTH && characterCount(name) <= USERNAME_MAX_LENGTH),
    `Username must be ${USERNAME_MIN_LENGTH} to ${USERNAME_MAX_LENGTH} characters`,
  )
  .transform((name) => (name.length === 0 ? null : name));

const bioSchema = z
  .string({ error: 'Bio must be text' })
  .trim()
  .max(BIO_MAX_LENGTH, `Bio must be at most ${BIO_MAX_LENGTH} characters`)
  .refine((bio) => !hasControlCharacter(bio, true), 'Bio cannot contain control characters')
  .transform((bio) => (bio.length === 0 ? null : bio));

/** `PATCH /api/profiles/:id` (product D8, D4). Every field optional, at least one present. */
export const profileUpdateSchema = z
  .strictObject({
    username: usernameSchema.nullable().optional(),
    bio: bioSchema.nullable().optional(),
    show_email: z.boolean({ error: 'show_email must be true or false' }).optional(),
  })
  .refine((update) => Object.keys(update).length > 0, 'Send at least one of username, bio, show_email');
export type ProfileUpdate = z.input<typeof profileUpdateSchema>;

/** The profile editor's fields, as the form holds them. */
export const profileFormSchema = z.strictObject({
  username: usernameSchema,
  bio: bioSchema,
  show_email: z.boolean(),
});
