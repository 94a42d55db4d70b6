import { roleSchema } from './admin.ts';
import { sketchSchema } from './sketches.ts';
import { z } from './z.ts';

/*
 * The data export, apart from the account's other schemas: it names every kind of thing a member
 * stores (their sketches among them), and a page that only asks who is signed in (every signed-in
 * page's header) should not build all of those schemas as it starts.
 */

const tickSchema = z.object({ project_id: z.number().int(), index: z.number().int(), done_at: z.iso.datetime() });

/**
 * `GET /api/account/export`: everything stored about the member except secrets (password hash,
 * token hashes), as a JSON file (`roboforge-data-<date>.json`).
 */
export const accountExportSchema = z.object({
  exported_at: z.iso.datetime(),
  account: z.object({
    id: z.uuid(),
    email: z.string(),
    role: roleSchema,
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
    suspended_at: z.iso.datetime().nullable(),
  }),
  profile: z.object({
    username: z.string().nullable(),
    bio: z.string().nullable(),
    avatar_url: z.string().nullable(),
    show_email: z.boolean(),
    hidden_at: z.iso.datetime().nullable(),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
  }),
  bookmarks: z.array(z.object({ project_id: z.number().int(), created_at: z.iso.datetime() })),
  progress: z.object({ steps: z.array(tickSchema), materials: z.array(tickSchema) }),
  /** The member's saved code: their versions of tutorials and their own sketches, in full. */
  sketches: z.array(sketchSchema),
  /** Signed-in sessions still alive: when each began, was last refreshed, and ends at the latest. */
  sessions: z.array(
    z.object({ started_at: z.iso.datetime(), refreshed_at: z.iso.datetime(), ends_at: z.iso.datetime() }),
  ),
  /** What administrators did to this account (who did it is not included). */
  moderation: z.array(z.object({ action: z.string(), reason: z.string().nullable(), created_at: z.iso.datetime() })),
});
export type AccountExport = z.infer<typeof accountExportSchema>;
