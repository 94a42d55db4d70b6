import type { AssignableRole, ModerationAction, Role } from '#shared/schemas/admin.ts';
import type { MemberChange } from '../api/admin.ts';
import { type ChangeWording, changeWording, roleWording } from './wording.ts';

/** What the administrator is about to do: each asks for a reason first. */
export type Intent =
  | { readonly kind: 'moderation'; readonly action: ModerationAction }
  | { readonly kind: 'suspend' }
  | { readonly kind: 'restore' }
  | { readonly kind: 'role'; readonly role: AssignableRole; readonly from: Role }
  | { readonly kind: 'delete' }
  | { readonly kind: 'reset-link' };

const RESET_LINK_WORDING: ChangeWording = {
  label: 'Create reset link',
  question: 'Create a reset link for this member?',
  effect:
    'You get a link to hand to the member (in person or through the school’s own channel). It works once, within an hour, and replaces any earlier link. It is shown only once.',
  done: { title: 'Reset link created', description: '' },
};

export function wordingOf(intent: Intent, email: string): ChangeWording {
  switch (intent.kind) {
    case 'moderation':
      return changeWording(intent.action, email);
    case 'role':
      return roleWording(intent.role, email, intent.from);
    case 'reset-link':
      return RESET_LINK_WORDING;
    default:
      return changeWording(intent.kind, email);
  }
}

/** Restoring and reset links may go without a reason; everything else needs one. */
export const reasonOptional = (intent: Intent) => intent.kind === 'restore' || intent.kind === 'reset-link';

export function toChange(intent: Exclude<Intent, { kind: 'reset-link' }>, reason: string): MemberChange {
  switch (intent.kind) {
    case 'moderation':
      return { kind: 'moderation', action: intent.action, reason };
    case 'role':
      return { kind: 'role', role: intent.role, reason };
    case 'restore':
      return { kind: 'restore', reason: reason || undefined };
    default:
      return { kind: intent.kind, reason };
  }
}
