import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants.ts';
import { credentialsSchema } from './auth.ts';
import { z } from './z.ts';

/** Forgotten passwords (product §2 Auth, §7): by e-mail when the site can send mail, otherwise through an administrator. */

/** `GET /api/auth/settings`: `email` shows "Forgot password?" with an e-mail field; `admin` explains whom to ask. */
export const authSettingsSchema = z.object({
  password_recovery: z.enum(['email', 'admin']),
});
export type AuthSettings = z.infer<typeof authSettingsSchema>;

/** `POST /api/auth/recover`. */
export const recoverRequestSchema = z.strictObject({ email: credentialsSchema.shape.email });

/** The same answer whether or not the address has an account. */
export const recoverResponseSchema = z.object({ message: z.string() });

const passwordSchema = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .max(PASSWORD_MAX_LENGTH, `Password cannot be longer than ${PASSWORD_MAX_LENGTH} characters`);

/** `POST /api/auth/reset`: the token from the link's fragment and the new password; answers a session (signed in). */
export const resetPasswordRequestSchema = z.strictObject({
  token: z.string({ error: 'token is required' }).min(1, 'token is required').max(128, 'token is not valid'),
  password: passwordSchema,
});

/** The reset page's form. */
export const resetPasswordFormSchema = z.strictObject({
  password: passwordSchema.min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`),
});
