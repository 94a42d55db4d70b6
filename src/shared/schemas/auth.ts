import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants.ts';
import { z } from './z.ts';

/** E-mail as people type it: surrounding spaces and capitals do not make a different account. */
const emailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .pipe(z.email({ error: 'Please enter a valid email address' }))
  .transform((email) => email.toLowerCase());

const passwordFieldSchema = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .max(PASSWORD_MAX_LENGTH, `Password cannot be longer than ${PASSWORD_MAX_LENGTH} characters`);

/** Sign-in form and password grant (product §5: e-mail required and valid, password required). */
export const credentialsSchema = z.strictObject({
  email: emailSchema,
  password: passwordFieldSchema,
});

/** The sign-up form: the same, with the minimum length the form announces. */
export const signUpFormSchema = z.strictObject({
  email: emailSchema,
  password: passwordFieldSchema.min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`),
});

/** `POST /api/auth/signup`. The password's minimum is checked by the handler to answer 422 weak_password. */
export const signUpRequestSchema = z.strictObject({
  email: emailSchema,
  password: passwordFieldSchema,
  redirect_to: z.url().max(2048).optional(),
});

export const refreshGrantSchema = z.strictObject({
  refresh_token: z.string({ error: 'refresh_token is required' }).min(1).max(512),
});

export const grantTypeSchema = z.strictObject({
  grant_type: z.enum(['password', 'refresh_token'], { error: 'grant_type must be password or refresh_token' }),
});

const authUserSchema = z.object({
  id: z.uuid(),
  email: z.string(),
});

export const userResponseSchema = authUserSchema.extend({ created_at: z.iso.datetime() });

/** What the token endpoint returns (the hosted service's session shape, product §3). */
export const sessionSchema = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1),
  expires_in: z.number().int().positive(),
  /** Unix time in seconds. */
  expires_at: z.number().int().positive(),
  token_type: z.literal('bearer'),
  user: authUserSchema,
});
export type Session = z.infer<typeof sessionSchema>;

export const signUpResponseSchema = z.object({ user: userResponseSchema });

export const jwksSchema = z.object({
  keys: z.array(z.object({ kty: z.string(), kid: z.string(), alg: z.literal('ES256'), use: z.literal('sig') }).loose()),
});
