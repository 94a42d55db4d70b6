import type { AdminMember, AssignableRole, AuditEntry, ModerationAction } from '#shared/schemas/admin.ts';
import type { MemberChange } from '../api/admin.ts';

const dateFormat = new Intl.DateTimeFormat('en', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
const timeFormat = new Intl.DateTimeFormat('en', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'UTC',
});

/** "Nov 22, 2026", in UTC like the community page. */
export const formatDate = (iso: string) => dateFormat.format(new Date(iso));
/** "Nov 22, 2026, 14:05 UTC". */
export const formatTime = (iso: string) => `${timeFormat.format(new Date(iso))} UTC`;

export const STATUS_LABELS: Record<AdminMember['status'], string> = {
  active: 'Active',
  hidden: 'Hidden',
  suspended: 'Suspended',
};

export const ROLE_LABELS: Record<AdminMember['role'], string> = {
  admin: 'Administrator',
  teacher: 'Teacher',
  member: 'Member',
  learner: 'Learner',
};

/** What the confirmation of a change says, and the toast after it (product §8). */
export interface ChangeWording {
  /** The button that starts it, and the dialog's confirm button. */
  readonly label: string;
  /** The confirmation's question (the dialog's title names the member). */
  readonly question: string;
  /** What happens, in a sentence. */
  readonly effect: string;
  readonly done: { readonly title: string; readonly description: string };
  /** Cannot be undone, or locks someone out: the confirm button is red. */
  readonly grave?: boolean;
}

const MODERATION: Record<ModerationAction, (email: string) => ChangeWording> = {
  clear_username: (email) => ({
    label: 'Clear username',
    question: 'Clear this member’s username?',
    effect: 'The member shows as Anonymous Builder on the community page until they choose a new name.',
    done: { title: 'Username cleared', description: `${email} now shows as Anonymous Builder.` },
  }),
  clear_bio: (email) => ({
    label: 'Clear bio',
    question: 'Clear this member’s bio?',
    effect: 'The bio disappears from the community page at once. The member can write a new one.',
    done: { title: 'Bio cleared', description: `${email} has no bio now.` },
  }),
  hide: (email) => ({
    label: 'Hide from community',
    question: 'Hide this member from the community page?',
    effect: 'Their card leaves every open community page at once. They can still sign in and use the site.',
    done: { title: 'Member hidden', description: `${email} is no longer on the community page.` },
  }),
  unhide: (email) => ({
    label: 'Show on community',
    question: 'Show this member on the community page again?',
    effect: 'Their card comes back on the community page.',
    done: { title: 'Member listed again', description: `${email} is back on the community page.` },
  }),
};

/** The changes worded here: moderation by its action; role changes are worded by roleWording. */
export type WordedChange = Exclude<MemberChange['kind'], 'moderation' | 'role'> | ModerationAction;

export function changeWording(change: WordedChange, email: string): ChangeWording {
  switch (change) {
    case 'clear_username':
    case 'clear_bio':
    case 'hide':
    case 'unhide':
      return MODERATION[change](email);
    case 'suspend':
      return {
        label: 'Suspend',
        question: 'Suspend this member?',
        effect:
          'They are signed out everywhere at once, cannot sign in, and leave the community page until you restore them.',
        done: { title: 'Member suspended', description: `${email} is signed out everywhere and cannot sign in.` },
        grave: true,
      };
    case 'restore':
      return {
        label: 'Restore',
        question: 'Restore this member?',
        effect: 'They can sign in again, and their card comes back on the community page unless it is hidden.',
        done: { title: 'Member restored', description: `${email} can sign in again.` },
      };
    case 'delete':
      return {
        label: 'Delete member',
        question: 'Delete this member for good?',
        effect:
          'Their account, profile, bookmarks, progress and sessions are deleted at once. This cannot be undone; the audit log keeps only the reason.',
        done: { title: 'Member deleted', description: `${email} and everything stored about them are gone.` },
        grave: true,
      };
  }
}

/** Making someone an administrator, a teacher, or a member again (`from` is their role now). */
export function roleWording(role: AssignableRole, email: string, from: AdminMember['role'] = 'member'): ChangeWording {
  if (role === 'admin') {
    return {
      label: 'Make administrator',
      question: 'Make this member an administrator?',
      effect: 'They can moderate, suspend and delete members, and make reset links, from this page.',
      done: { title: 'Administrator added', description: `${email} is now an administrator.` },
    };
  }
  if (role === 'teacher') {
    return {
      label: 'Make teacher',
      question: from === 'admin' ? 'Make this administrator a teacher?' : 'Make this member a teacher?',
      effect:
        from === 'admin'
          ? 'They lose this page at their next request, and keep their classes.'
          : 'They can create classes on the Classes page, add learners and follow their progress.',
      done: { title: 'Teacher added', description: `${email} is now a teacher.` },
    };
  }
  if (from === 'teacher') {
    return {
      label: 'Make member',
      question: 'Make this teacher a member again?',
      effect: 'They lose the Classes page at their next request. Their classes stay, with their co-teachers.',
      done: { title: 'Teacher removed', description: `${email} is a member now.` },
    };
  }
  return {
    label: 'Make member',
    question: 'Make this administrator a member again?',
    effect: 'They lose this page at their next request.',
    done: { title: 'Administrator removed', description: `${email} is a member now.` },
  };
}

/** Who did it, as the log can tell: the e-mail now, or what is left of the account. */
function actorName(entry: AuditEntry): string {
  if (entry.actor_email) return entry.actor_email;
  if (entry.actor_id) return 'A deleted account';
  if (entry.action === 'purge_class') return 'The retention rule';
  return entry.action === 'rename_username' ? 'The upgrade to usernames without look-alikes' : 'The command line';
}

function targetName(entry: AuditEntry): string {
  return entry.target_email ?? 'a deleted member';
}

/** A class by its name now, or what is left of it. */
function className(entry: AuditEntry): string {
  return entry.class_name ? `the class “${entry.class_name}”` : 'a deleted class';
}

/** One line of the audit log, e.g. "ada@club.example hid bob@club.example from the community page". */
export function auditSentence(entry: AuditEntry): { actor: string; text: string } {
  const target = targetName(entry);
  const text = {
    promote: `made ${target} an administrator`,
    demote: `made ${target} a member`,
    make_teacher: `made ${target} a teacher`,
    remove_teacher: `made ${target} a member again (no longer a teacher)`,
    clear_username: `cleared the username of ${target}`,
    clear_bio: `cleared the bio of ${target}`,
    hide: `hid ${target} from the community page`,
    unhide: `showed ${target} on the community page again`,
    suspend: `suspended ${target}`,
    restore: `restored ${target}`,
    create_reset_link: `made a reset link for ${target}`,
    delete_member: `deleted ${target}`,
    delete_own_account: 'deleted their own account',
    rename_username: `renamed ${target}`,
    create_class: `created ${className(entry)}`,
    rename_class: `renamed ${className(entry)}`,
    archive_class: `archived ${className(entry)}`,
    restore_class: `brought back ${className(entry)}`,
    delete_class: `deleted ${className(entry)} and its learners’ data`,
    purge_class: `deleted ${className(entry)} and its learners’ data at the end of its retention`,
    add_co_teacher: `added ${target} as a co-teacher of a class`,
    remove_co_teacher: `removed ${target} from the teachers of a class`,
    add_learners: `added ${entry.detail?.count ?? 'some'} learners to ${className(entry)}`,
    rename_learner: `renamed ${target}`,
    reset_learner_secret: `gave ${target} new secret words`,
    unlock_learner: `unlocked ${target}`,
    export_learner: `downloaded the data of ${target}`,
    delete_learner: `deleted ${target} and their data`,
    open_class_community: `opened the community page of ${className(entry)} to its learners`,
    close_class_community: `closed the community page of ${className(entry)}`,
  }[entry.action];
  return { actor: entry.action === 'delete_own_account' && !entry.actor_email ? 'A member' : actorName(entry), text };
}

/** What changed, when the entry says: "was “Ada”", "from “аda” to “аda-2”", "from member to admin". */
export function auditDetail(entry: AuditEntry): string | null {
  const detail = entry.detail;
  if (!detail) return null;
  const quote = (value: string | null | undefined) => (value ? `“${value}”` : 'none');
  const isRole = ['promote', 'demote', 'make_teacher', 'remove_teacher'].includes(entry.action);
  const show = (value: string | null | undefined) => (isRole ? (value ?? 'none') : quote(value));
  if ('to' in detail) return `from ${show(detail.from)} to ${show(detail.to)}`;
  if ('from' in detail) return `was ${show(detail.from)}`;
  return null;
}
