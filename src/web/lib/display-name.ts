/**
 * What the site calls a member to their face: the username, or the e-mail before the @ (product §2).
 * A learner is called by the name their teacher gave them (`display_name` of their account), never
 * by the username made for them to sign in with.
 */
export function displayName(username: string | null | undefined, email: string, given?: string | null): string {
  return given?.trim() || username?.trim() || email.split('@')[0] || email;
}
