import unhomoglyph from 'unhomoglyph';

const IGNORABLE = /[\p{Default_Ignorable_Code_Point}\p{Cf}]/gu;

/**
 * The key that makes usernames unique (the `profiles.username_key` column): two names with one key
 * look alike, so only one member may hold it. A skeleton in the manner of Unicode TR39: compatibility
 * decomposition (fullwidth and styled letters become plain ones), the confusables mapping of
 * `unhomoglyph` (confusables.txt: Cyrillic "а" and Greek "Ο" become "a" and "O", "m" becomes "rn"),
 * lower case, and the mapping once more for what lower-casing produced. Invisible characters, refused
 * in new names, are dropped here too, so no older name can hide behind one.
 *
 * The migration 0004_club computed every stored key with a frozen copy of this function
 * (`migrations/0004-username-rules.ts`); changing this one (or updating the package's table) needs
 * a new migration that recomputes the stored keys with a frozen copy of the new one.
 */
export function usernameKey(username: string): string {
  const plain = username.normalize('NFKD').replace(IGNORABLE, '');
  const folded = unhomoglyph(plain).normalize('NFKD').toLowerCase();
  return unhomoglyph(folded).normalize('NFKD');
}
