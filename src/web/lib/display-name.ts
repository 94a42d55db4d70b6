/** What the site calls a member to their face: the username, or the e-mail before the @ (product §2). */
export function displayName(username: string | null | undefined, email: string): string {
  return username?.trim() || email.split('@')[0] || email;
}
