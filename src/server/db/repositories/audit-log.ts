import type { AuditAction, AuditEntry } from '#shared/schemas/admin.ts';
import { auditEntrySchema } from '#shared/schemas/admin.ts';
import type { Database } from '../database.ts';
import type { Executor } from '../transaction.ts';

export interface AuditRecord {
  /** The administrator; null for the command line. */
  readonly actorId: string | null;
  readonly action: AuditAction;
  readonly targetId: string | null;
  readonly reason?: string | null;
  readonly detail?: Readonly<Record<string, string | null>> | null;
}

/** The audit log: every administrator's action, written in the action's own transaction. */
export function auditLogRepository({ db }: Database) {
  return {
    async record(entry: AuditRecord, now = new Date(), trx: Executor = db): Promise<void> {
      await trx
        .insertInto('audit_log')
        .values({
          actor_id: entry.actorId,
          action: entry.action,
          target_id: entry.targetId,
          reason: entry.reason ?? null,
          detail: entry.detail ? JSON.stringify(entry.detail) : null,
          created_at: now.toISOString(),
        })
        .execute();
    },

    /** One page, newest first, with the current e-mails of actor and target (null once deleted). */
    async page(
      options: { page: number; pageSize: number; targetId?: string },
      trx: Executor = db,
    ): Promise<{ entries: AuditEntry[]; total: number }> {
      const { page, pageSize, targetId } = options;
      const filtered = trx
        .selectFrom('audit_log as l')
        .$if(targetId !== undefined, (query) => query.where('l.target_id', '=', targetId ?? ''));
      const rows = await filtered
        .leftJoin('users as actor', 'actor.id', 'l.actor_id')
        .leftJoin('users as target', 'target.id', 'l.target_id')
        .leftJoin('profiles as target_profile', 'target_profile.id', 'l.target_id')
        .leftJoin('classes as target_class', 'target_class.id', 'l.target_id')
        .select([
          'target.role as target_role',
          'target_profile.username as target_username',
          'target_class.name as class_name',
          'l.id',
          'l.created_at',
          'l.action',
          'l.actor_id',
          'actor.email as actor_email',
          'l.target_id',
          'target.email as target_email',
          'l.reason',
          'l.detail',
        ])
        .orderBy('l.created_at', 'desc')
        .orderBy('l.id', 'desc')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute();
      const count = await filtered.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
      // Parsed, not cast: `action` and `detail` are text in the database.
      const entries = rows.map(({ target_role, target_username, ...row }) =>
        auditEntrySchema.parse({
          ...row,
          // A learner has no e-mail: the log names them by their username.
          target_email: target_role === 'learner' ? `${target_username ?? 'a learner'} (learner)` : row.target_email,
          detail: row.detail === null ? null : JSON.parse(row.detail),
        }),
      );
      return { entries, total: Number(count.n) };
    },

    /** What was done to a member, oldest first, without who did it: for the member's data export. */
    forTarget(targetId: string, trx: Executor = db) {
      return trx
        .selectFrom('audit_log')
        .select(['action', 'reason', 'created_at'])
        .where('target_id', '=', targetId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },
  };
}
