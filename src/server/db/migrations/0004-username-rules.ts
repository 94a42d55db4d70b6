import unhomoglyph from 'unhomoglyph';

/*
 * The username rules as migration 0004_club applied them to the names stored before it, frozen
 * here (copied from src/shared/constants.ts, src/shared/schemas/profile-update.ts and
 * src/server/db/username-key.ts as they were when 0004 landed): a migration is history, and a
 * database migrated next year must end up as one migrated then. Change the live rules freely; a
 * change that should reach stored names is a new migration with its own frozen copy.
 * Only `unhomoglyph` (pinned in package.json) is shared with the live code.
 */

export const USERNAME_MIN_LENGTH = 2;
export const USERNAME_MAX_LENGTH = 32;

const trimAsciiSpace = (text: string) => text.replace(/^[\t\n\v\f\r ]+|[\t\n\v\f\r ]+$/g, '');

/** Format controls, default-ignorable code points, private use, the braille blank, and any space but the plain one. */
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Cf}\p{Co}\u2800]|[^\S ]/u;
/** Inside an emoji sequence a joiner or a variation selector is part of a picture, not hidden. */
const EMOJI_SEQUENCE_PARTS =
  /(?<=\p{Emoji})[\uFE0E\uFE0F]|(?<=\p{Extended_Pictographic}[\u{1F3FB}-\u{1F3FF}\uFE0F]?)\u200D(?=\p{Extended_Pictographic})/gu;

/** A stored name with its invisible characters dropped (odd spaces become plain ones), emoji sequences kept, NFC. */
export function withoutInvisibleCharacters(name: string): string {
  const emojiParts = new Set([...name.matchAll(EMOJI_SEQUENCE_PARTS)].map((match) => match.index));
  const invisible = new RegExp(INVISIBLE.source, 'gu');
  const cleaned = name.replace(invisible, (char: string, offset: number) =>
    emojiParts.has(offset) ? char : /\s/u.test(char) ? ' ' : '',
  );
  return trimAsciiSpace(cleaned).normalize('NFC');
}

const IGNORABLE = /[\p{Default_Ignorable_Code_Point}\p{Cf}]/gu;

/** The look-alike key 0004 stored in `profiles.username_key`: NFKD, invisible characters dropped, confusables folded, lower case. */
export function usernameKey(username: string): string {
  const plain = username.normalize('NFKD').replace(IGNORABLE, '');
  const folded = unhomoglyph(plain).normalize('NFKD').toLowerCase();
  return unhomoglyph(folded).normalize('NFKD');
}
