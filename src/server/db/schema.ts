import type { Generated, Insertable, Selectable } from 'kysely';

/*
 * Timestamps are ISO-8601 UTC strings made by the server (`new Date().toISOString()`), so both
 * databases store, compare and sort them the same way. Booleans are 0/1 integers for the same
 * reason (SQLite has no boolean type).
 */

export interface UsersTable {
  id: string;
  email: string;
  password_hash: string;
  created_at: string;
  updated_at: string;
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
  /** `lower(username)`: the unique key that makes usernames unique ignoring case. */
  username_key: string | null;
  bio: string | null;
  avatar_url: string | null;
  /** Copied from the account only while `show_email` is 1 (DESIGN D4). */
  email: string | null;
  show_email: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface BookmarksTable {
  id: Generated<number>;
  user_id: string;
  project_id: number;
  created_at: string;
}

export type ProfileChangeKind = 'INSERT' | 'UPDATE';

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
}

export type ProfileRow = Selectable<ProfilesTable>;
export type NewProfile = Insertable<ProfilesTable>;
