import type { Generated, Insertable, Selectable } from 'kysely';

/*
 * Timestamps are ISO-8601 UTC strings made by the server (`new Date().toISOString()`), so both
 * databases store, compare and sort them the same way. Booleans are 0/1 integers for the same
 * reason (SQLite has no boolean type).
 */

/** `teacher` runs classes; `learner` is an account a teacher made for a class (no e-mail). */
export type Role = 'member' | 'teacher' | 'admin' | 'learner';

export interface UsersTable {
  id: string;
  email: string;
  password_hash: string;
  created_at: string;
  updated_at: string;
  /** What the member may do: `admin` reaches the administration API, `teacher` runs classes (product §6). */
  role: Generated<Role>;
  /** Set while an administrator has suspended the account: no sign-in, no session, not listed. */
  suspended_at: string | null;
}

export interface RefreshTokensTable {
  id: Generated<number>;
  token_hash: string;
  user_id: string;
  session_id: string;
  parent_id: number | null;
  revoked: Generated<number>;
  /** When this token was exchanged for a new one (rotation); null while unused. */
  used_at: string | null;
  created_at: string;
  expires_at: string;
  /** Absolute end of the whole session, however often it is refreshed. */
  session_expires_at: string;
}

export interface SigningKeysTable {
  kid: string;
  algorithm: string;
  private_jwk: string;
  public_jwk: string;
  created_at: string;
  retired_at: string | null;
}

export interface ProfilesTable {
  id: string;
  username: string | null;
  /** `usernameKey(username)`: unique, so no two names differ only in case or look-alike letters. */
  username_key: string | null;
  bio: string | null;
  avatar_url: string | null;
  /** Copied from the account only while `show_email` is 1 (product D4). */
  email: string | null;
  show_email: Generated<number>;
  created_at: string;
  updated_at: string;
  /** Set while an administrator hides the member from the community list (moderation). */
  hidden_at: Generated<string | null>;
}

export interface BookmarksTable {
  id: Generated<number>;
  user_id: string;
  project_id: number;
  created_at: string;
}

/** DELETE: the member left the community list (hidden, suspended or deleted). */
export type ProfileChangeKind = 'INSERT' | 'UPDATE' | 'DELETE';

export interface ProfileChangesTable {
  id: Generated<number>;
  profile_id: string;
  kind: ProfileChangeKind;
  created_at: string;
}

/** A step a learner has ticked as done (`step` is the index in the project's steps). */
export interface StepProgressTable {
  id: Generated<number>;
  user_id: string;
  project_id: number;
  step: number;
  done_at: string;
}

/** A material a learner has ticked as "I have this" (`material` is the index in the project's materials). */
export interface MaterialChecksTable {
  id: Generated<number>;
  user_id: string;
  project_id: number;
  material: number;
  done_at: string;
}

/** A random secret shared by every instance, created by the first one that needs it. */
export interface ServerSecretsTable {
  name: string;
  /** 32 random bytes, base64url. */
  secret: string;
  created_at: string;
}

/** An administrator's action (or the command line's, or a migration's when `actor_id` is null). */
export interface AuditLogTable {
  id: Generated<number>;
  actor_id: string | null;
  action: string;
  target_id: string | null;
  reason: string | null;
  /** A short JSON object of what changed, e.g. `{"from":"member","to":"admin"}`. */
  detail: string | null;
  created_at: string;
}

/** A one-time password reset link: the token itself is never stored, only its SHA-256. */
export interface PasswordResetsTable {
  id: Generated<number>;
  token_hash: string;
  user_id: string;
  /** The administrator who made the link; null when it was sent by e-mail. */
  created_by: string | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** A teacher's class (product §3 Class). */
export interface ClassesTable {
  id: string;
  name: string;
  /** Its sign-in address is `/c/<join_code>`. */
  join_code: string;
  created_at: string;
  updated_at: string;
  /** Set while archived: its learners cannot sign in; deleted after the operator's retention. */
  archived_at: string | null;
  /** 1 while its community page is open to its learners (product D18); 0, the default, while it is not. */
  community: Generated<number>;
}

export interface ClassTeachersTable {
  class_id: string;
  teacher_id: string;
  added_at: string;
}

/** A learner's place in their class: the account (`users`, role learner) has the same id. */
export interface LearnersTable {
  id: string;
  class_id: string;
  display_name: string;
  created_at: string;
}

export interface HelpRequestsTable {
  id: Generated<number>;
  class_id: string;
  learner_id: string;
  /** The tutorial they are stuck in; null when they asked about a sketch of their own (`sketch_id`). */
  project_id: number | null;
  /** 0-based index of the step; null with `project_id`. */
  step: number | null;
  /** The sketch of their own they asked about (migration 0011); no foreign key: a deleted sketch leaves it dangling. */
  sketch_id: string | null;
  created_at: string;
  coming_at: string | null;
  handled_at: string | null;
}

export type ClassEventKind = 'progress' | 'help' | 'roster';

/** Something changed in a class: its teachers' open pages read it again. No learner data. */
export interface ClassEventsTable {
  id: Generated<number>;
  class_id: string;
  kind: ClassEventKind;
  created_at: string;
}

/** A compiled sketch, keyed by a hash of its board, source and toolchain (compile/compile-service.ts). */
export interface CompiledSketchesTable {
  key: string;
  /** The compile's answer as JSON (`compiledSketchSchema` without `cached`). */
  result: string;
  created_at: string;
  used_at: string;
}

/** A learner's saved code (routes/api/sketches/sketches.ts). */
export interface SketchesTable {
  id: string;
  user_id: string;
  kind: 'tutorial' | 'own';
  /** 'trainer' or a tutorial's slug. */
  circuit: string;
  name: string;
  source: string;
  /** A blocks sketch's Blockly workspace as JSON text (the `source` is the C++ it generates); null for text. */
  blocks: string | null;
  revision: number;
  created_at: string;
  updated_at: string;
}

export interface DatabaseSchema {
  users: UsersTable;
  refresh_tokens: RefreshTokensTable;
  signing_keys: SigningKeysTable;
  profiles: ProfilesTable;
  bookmarks: BookmarksTable;
  profile_changes: ProfileChangesTable;
  step_progress: StepProgressTable;
  material_checks: MaterialChecksTable;
  server_secrets: ServerSecretsTable;
  audit_log: AuditLogTable;
  password_resets: PasswordResetsTable;
  classes: ClassesTable;
  class_teachers: ClassTeachersTable;
  learners: LearnersTable;
  help_requests: HelpRequestsTable;
  class_events: ClassEventsTable;
  compiled_sketches: CompiledSketchesTable;
  sketches: SketchesTable;
}

export type ProfileRow = Selectable<ProfilesTable>;
export type NewProfile = Insertable<ProfilesTable>;
