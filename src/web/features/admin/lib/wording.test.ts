import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '#shared/schemas/admin.ts';
import { auditDetail, auditSentence, changeWording, formatTime, roleWording } from './wording.ts';

const ADA = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
const BOB = '9b2f6c1a-5d3e-4a7b-8c9d-1e2f3a4b5c6d';

function entry(fields: Partial<AuditEntry>): AuditEntry {
  return {
    id: 1,
    created_at: '2026-11-23T14:05:09.000Z',
    action: 'hide',
    actor_id: ADA,
    actor_email: 'ada@club.example',
    target_id: BOB,
    target_email: 'bob@club.example',
    class_name: null,
    reason: 'insults',
    detail: null,
    ...fields,
  };
}

describe('the audit log in words', () => {
  it('names the administrator and the member by their e-mail now', () => {
    expect(auditSentence(entry({}))).toEqual({
      actor: 'ada@club.example',
      text: 'hid bob@club.example from the community page',
    });
  });

  it('says what is left of deleted accounts, the command line and the migration', () => {
    expect(auditSentence(entry({ action: 'delete_member', target_email: null })).text).toBe('deleted a deleted member');
    expect(auditSentence(entry({ actor_email: null })).actor).toBe('A deleted account');
    expect(auditSentence(entry({ action: 'promote', actor_id: null, actor_email: null })).actor).toBe(
      'The command line',
    );
    expect(auditSentence(entry({ action: 'rename_username', actor_id: null, actor_email: null })).actor).toBe(
      'The upgrade to usernames without look-alikes',
    );
    expect(
      auditSentence(entry({ action: 'delete_own_account', actor_id: BOB, actor_email: null, target_email: null })),
    ).toEqual({ actor: 'A member', text: 'deleted their own account' });
  });

  it('shows what changed', () => {
    expect(auditDetail(entry({ action: 'promote', detail: { from: 'member', to: 'admin' } }))).toBe(
      'from member to admin',
    );
    expect(auditDetail(entry({ action: 'clear_username', detail: { from: 'Ada' } }))).toBe('was “Ada”');
    expect(auditDetail(entry({ action: 'rename_username', detail: { from: 'аda', to: 'аda-2' } }))).toBe(
      'from “аda” to “аda-2”',
    );
    expect(auditDetail(entry({}))).toBeNull();
  });

  it('writes times in UTC', () => {
    expect(formatTime('2026-11-23T14:05:09.000Z')).toBe('Nov 23, 2026, 14:05 UTC');
  });
});

describe('confirmations and toasts', () => {
  it('marks what locks someone out or cannot be undone as grave', () => {
    expect(changeWording('suspend', 'bob@club.example').grave).toBe(true);
    expect(changeWording('delete', 'bob@club.example').grave).toBe(true);
    expect(changeWording('hide', 'bob@club.example').grave).toBeUndefined();
    expect(changeWording('clear_bio', 'bob@club.example').done).toEqual({
      title: 'Bio cleared',
      description: 'bob@club.example has no bio now.',
    });
    expect(roleWording('admin', 'bob@club.example').label).toBe('Make administrator');
    expect(roleWording('member', 'bob@club.example').label).toBe('Make member');
  });
});
