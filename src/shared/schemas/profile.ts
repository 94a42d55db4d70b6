import { z } from './z.ts';

/**
 * A member as anyone may see them (product §3 Profile). `email` is null unless the member chose to
 * show it on the community page (product D4).
 */
export const publicProfileSchema = z.object({
  id: z.uuid(),
  username: z.string().nullable(),
  bio: z.string().nullable(),
  avatar_url: z.string().nullable(),
  email: z.string().nullable(),
  created_at: z.iso.datetime(),
});
export type PublicProfile = z.infer<typeof publicProfileSchema>;

export const publicProfileListSchema = z.array(publicProfileSchema);

/**
 * The data of a `DELETE` event on the live stream: the member left the community list (hidden by an
 * administrator, suspended, or deleted). Only the id, never anything else of theirs.
 */
export const profileRemovalSchema = z.strictObject({ id: z.uuid() });
