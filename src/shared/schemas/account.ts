import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants.ts';
import { roleSchema } from './admin.ts';
import { z } from './z.ts';

/** A member's own account (`/api/account…`, `/api/auth/logout`): self-service on the dashboard (product §2). */

const currentPasswordSchema = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .max(PASSWORD_MAX_LENGTH, `Password cannot be longer than ${PASSWORD_MAX_LENGTH} characters`);

/** A new password, checked as sign-up checks it (the server answers 422 `weak_password` below the minimum). */
const newPasswordSchema = currentPasswordSchema;

/** `GET /api/account`: who is signed in, with their role now (the dashboard and the Admin link). */
export const accountSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  role: roleSchema,
  /**
   * What the site calls a learner to their face: the name their teacher gave them ("Ada L."), not
   * the username made for them to sign in with. Null for members, who are called by the username
   * they chose or their e-mail's first part (product §2).
   */
  display_name: z.string().nullable(),
  created_at: z.iso.datetime(),
});
export type Account = z.infer<typeof accountSchema>;

/** `PUT /api/account/password`: 204; every other session of the account is signed out. */
export const changePasswordRequestSchema = z.strictObject({
  current_password: currentPasswordSchema,
  new_password: newPasswordSchema,
});

/** The dashboard's change-password form: the same, with the minimum the form announces. */
export const changePasswordFormSchema = z.strictObject({
  current_password: currentPasswordSchema,
  new_password: newPasswordSchema.min(
    PASSWORD_MIN_LENGTH,
    `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  ),
});

/** `DELETE /api/account`: 204 after the account and everything of it is gone; confirmed with the password. */
export const deleteAccountRequestSchema = z.strictObject({ password: currentPasswordSchema });

/** `POST /api/auth/logout?scope=`: `local` this session (default), `global` every session, `others` all but this. */
export const logoutQuerySchema = z.strictObject({
  scope: z.enum(['local', 'global', 'others'], { error: 'scope must be local, global or others' }).default('local'),
});
/** Logout takes no body: none at all, an empty one (as Supabase's client sends it) or `{}`. */
export const logoutBodySchema = z.strictObject({}).nullish();
