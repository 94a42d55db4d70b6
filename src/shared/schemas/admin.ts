import { ADMIN_REASON_MAX_LENGTH } from '../constants.ts';
import { z } from './z.ts';

/**
 * The administration API (`/api/admin/…`, product §6 and §7): administrators only (401 without a
 * session, 403 `forbidden` for members). Every change is written to the audit log.
 */

/** Every role an account can have: `learner` accounts are made by a teacher for a class (no e-mail). */
export const roleSchema = z.enum(['member', 'teacher', 'admin', 'learner']);
export type Role = z.infer<typeof roleSchema>;

/** What an administrator can make another account: a learner's role is its class's to manage. */
export const assignableRoleSchema = z.enum(['member', 'teacher', 'admin'], {
  error: 'role must be member, teacher or admin',
});
export type AssignableRole = z.infer<typeof assignableRoleSchema>;

/** Below U+0020 or DEL, other than tab and line breaks. */
function isControlCharacter(char: string): boolean {
  const code = char.charCodeAt(0);
  return (code < 0x20 || code === 0x7f) && char !== '\t' && char !== '\n' && char !== '\r';
}

/** Why an administrator acts: shown in the audit log. Trimmed, 1 to 500 characters, line breaks allowed. */
export const adminReasonSchema = z
  .string({ error: 'reason must be text' })
  .trim()
  .min(1, 'Give a reason')
  .max(ADMIN_REASON_MAX_LENGTH, `The reason must be at most ${ADMIN_REASON_MAX_LENGTH} characters`)
  .refine((reason) => ![...reason].some(isControlCharacter), 'The reason cannot contain control characters');

/** `:id` of `/api/admin/members/:id…`. */
export const memberParamsSchema = z.strictObject({ id: z.uuid({ error: 'id must be a member id (a UUID)' }) });

const pageSchema = z.coerce
  .number({ error: 'page must be a whole number from 1' })
  .int('page must be a whole number from 1')
  .min(1, 'page must be a whole number from 1')
  .max(100_000, 'page must be a whole number from 1');

/** `GET /api/admin/members?q=&page=`: `q` matches e-mail or username (part of it, any case). */
export const adminMembersQuerySchema = z.strictObject({
  // No e-mail or username holds a control character, and PostgreSQL refuses a NUL in text (a 500).
  q: z
    .string()
    .trim()
    .max(254, 'q must be at most 254 characters')
    .refine(
      (q) => ![...q].some((char) => char.charCodeAt(0) < 0x20 || char === '\x7f'),
      'q cannot contain control characters',
    )
    .optional(),
  page: pageSchema.default(1),
});

/** Where a member stands on the community list. `suspended` wins over `hidden`. */
export const memberStatusSchema = z.enum(['active', 'hidden', 'suspended']);

/** A member as administrators see them: the account and profile together, with activity counts. */
export const adminMemberSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  username: z.string().nullable(),
  bio: z.string().nullable(),
  role: roleSchema,
  status: memberStatusSchema,
  hidden_at: z.iso.datetime().nullable(),
  suspended_at: z.iso.datetime().nullable(),
  created_at: z.iso.datetime(),
  bookmark_count: z.number().int().nonnegative(),
  /** Tutorial steps ticked as done (`step_progress`). */
  finished_step_count: z.number().int().nonnegative(),
});
export type AdminMember = z.infer<typeof adminMemberSchema>;

/** One page of members, newest first. */
export const adminMemberPageSchema = z.object({
  members: z.array(adminMemberSchema),
  page: z.number().int().positive(),
  page_size: z.number().int().positive(),
  /** Members matching `q` in all pages. */
  total: z.number().int().nonnegative(),
});
export type AdminMemberPage = z.infer<typeof adminMemberPageSchema>;

export const moderationActionSchema = z.enum(['clear_username', 'clear_bio', 'hide', 'unhide'], {
  error: 'action must be clear_username, clear_bio, hide or unhide',
});
export type ModerationAction = z.infer<typeof moderationActionSchema>;

/** `POST /api/admin/members/:id/moderation`: answers the member after the change. */
export const moderationRequestSchema = z.strictObject({ action: moderationActionSchema, reason: adminReasonSchema });

/** `PUT /api/admin/members/:id/suspension`: suspend (revokes every session, hides from the list). */
export const suspendRequestSchema = z.strictObject({ reason: adminReasonSchema });

/** `DELETE /api/admin/members/:id/suspension`: restore. The body may be left out. */
export const restoreRequestSchema = z.strictObject({ reason: adminReasonSchema.optional() }).nullish();

/** `PUT /api/admin/members/:id/role`: promote, demote, or make a teacher (product §6). */
export const roleRequestSchema = z.strictObject({ role: assignableRoleSchema, reason: adminReasonSchema });

/** `DELETE /api/admin/members/:id`: the account and all its data, in one transaction. */
export const deleteMemberRequestSchema = z.strictObject({ reason: adminReasonSchema });

/** `POST /api/admin/members/:id/reset-links`. The body may be left out. */
export const resetLinkRequestSchema = z.strictObject({ reason: adminReasonSchema.optional() }).nullish();

/** A one-time reset link, shown once to hand to the member: `{SITE_URL}/reset-password#token=…`. */
export const resetLinkSchema = z.object({
  url: z.url(),
  expires_at: z.iso.datetime(),
});
export type ResetLink = z.infer<typeof resetLinkSchema>;

export const AUDIT_ACTIONS = [
  'promote',
  'demote',
  /** A member made a teacher, and a teacher made a member again. */
  'make_teacher',
  'remove_teacher',
  'clear_username',
  'clear_bio',
  'hide',
  'unhide',
  'suspend',
  'restore',
  'create_reset_link',
  'delete_member',
  /** A member deleted their own account (actor and target are the member). */
  'delete_own_account',
  /** Migration 0004 renamed a look-alike or cleaned an invisible character (no actor). */
  'rename_username',
  /** Class mode (product D16): the target is the class, or a learner of it; `detail.class_id` names the class. */
  'create_class',
  'rename_class',
  'archive_class',
  'restore_class',
  'delete_class',
  /** An archived class deleted after the operator's retention (no actor). */
  'purge_class',
  'add_co_teacher',
  'remove_co_teacher',
  'add_learners',
  'rename_learner',
  'reset_learner_secret',
  'unlock_learner',
  'export_learner',
  'delete_learner',
  /** The class's community page opened to its learners, or closed again (product D18). */
  'open_class_community',
  'close_class_community',
] as const;
export const auditActionSchema = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof auditActionSchema>;

/** `GET /api/admin/audit?page=&target_id=`. */
export const auditQuerySchema = z.strictObject({
  page: pageSchema.default(1),
  target_id: z.uuid({ error: 'target_id must be a member id (a UUID)' }).optional(),
});

/**
 * One audit entry. The e-mails are the accounts' current ones: null when the account was deleted
 * since (the log keeps ids only), and `actor_id` null means the command line or a migration.
 */
export const auditEntrySchema = z.object({
  id: z.number().int().positive(),
  created_at: z.iso.datetime(),
  action: auditActionSchema,
  actor_id: z.uuid().nullable(),
  actor_email: z.string().nullable(),
  target_id: z.uuid().nullable(),
  target_email: z.string().nullable(),
  /** The class's current name when the target is a class (null once deleted). */
  class_name: z.string().nullable(),
  reason: z.string().nullable(),
  /** What changed, e.g. `{ "from": "member", "to": "admin" }` or the old and new username. */
  detail: z.record(z.string(), z.string().nullable()).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** One page of the audit log, newest first. */
export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  page: z.number().int().positive(),
  page_size: z.number().int().positive(),
  total: z.number().int().nonnegative(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;
