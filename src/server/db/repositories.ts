import type { Database } from './database.ts';
import { administrationRepository } from './repositories/administration.ts';
import { auditLogRepository } from './repositories/audit-log.ts';
import { bookmarksRepository } from './repositories/bookmarks.ts';
import { classesRepository } from './repositories/classes/repository.ts';
import { compiledSketchesRepository } from './repositories/compiled-sketches.ts';
import { healthRepository } from './repositories/health.ts';
import { membersRepository } from './repositories/members.ts';
import { passwordResetsRepository } from './repositories/password-resets.ts';
import { profileChangesRepository } from './repositories/profile-changes.ts';
import { profilesRepository } from './repositories/profiles.ts';
import { progressRepository } from './repositories/progress.ts';
import { serverSecretsRepository } from './repositories/server-secrets.ts';
import { sessionsRepository } from './repositories/sessions.ts';
import { signingKeysRepository } from './repositories/signing-keys.ts';
import { sketchesRepository } from './repositories/sketches.ts';
import { usersRepository } from './repositories/users.ts';

/**
 * Every table's repository over one database. Each is built the same way (a function of the
 * `Database`) and each method takes an optional transaction as its last argument.
 */
export function createRepositories(database: Database) {
  return {
    users: usersRepository(database),
    profiles: profilesRepository(database),
    profileChanges: profileChangesRepository(database),
    bookmarks: bookmarksRepository(database),
    progress: progressRepository(database),
    sessions: sessionsRepository(database),
    signingKeys: signingKeysRepository(database),
    serverSecrets: serverSecretsRepository(database),
    health: healthRepository(database),
    members: membersRepository(database),
    auditLog: auditLogRepository(database),
    passwordResets: passwordResetsRepository(database),
    administration: administrationRepository(database),
    classes: classesRepository(database),
    compiledSketches: compiledSketchesRepository(database),
    sketches: sketchesRepository(database),
  };
}

export type Repositories = ReturnType<typeof createRepositories>;
