/**
 * RoboForge's administration from the command line, on the machine that runs the site:
 *
 *   npm run admin -- promote <email>   make a member an administrator (the first one is made so)
 *   npm run admin -- demote <email>    make an administrator a member again
 *   npm run admin -- teacher <email>   make a member a teacher (runs classes on /classes)
 *   npm run admin -- member <email>    make a teacher (or an administrator) a member again
 *   npm run admin -- list              list the administrators
 *
 * It reads the server's own configuration (src/server/env.ts: DATA_DIR or DATABASE_URL, from the
 * environment like `npm start`), opens the database directly through the repositories, and works
 * while the server runs: each command is one short transaction, and the server checks the role in
 * the database on every call, so a change counts at once. Every change is written to the audit log
 * with no actor (the command line). It prints one line; the exit status is 0 when done, 1 when the
 * command failed (an unknown e-mail, an unreachable database), 2 for a wrong command or setting.
 */
import { pathToFileURL } from 'node:url';
import { type Database, migrateToLatest, openDatabase } from '../src/server/db/database.ts';
import { createRepositories } from '../src/server/db/repositories.ts';
import { parseEnv } from '../src/server/env.ts';
import { credentialsSchema } from '../src/shared/schemas/auth.ts';

const USAGE = 'Usage: npm run admin -- promote <email> | demote <email> | teacher <email> | member <email> | list';

/** The role each command gives. */
const ROLE_COMMANDS = { promote: 'admin', demote: 'member', teacher: 'teacher', member: 'member' } as const;
const isRoleCommand = (command: string | undefined): command is keyof typeof ROLE_COMMANDS =>
  command !== undefined && Object.hasOwn(ROLE_COMMANDS, command);

export interface CommandResult {
  readonly code: 0 | 1 | 2;
  readonly line: string;
}

/** Runs one command against the configured database; never throws. */
export async function runAdminCommand(
  args: readonly string[],
  env: Record<string, string | undefined>,
): Promise<CommandResult> {
  const [command, email, ...extra] = args;
  const wantsEmail = isRoleCommand(command);
  if (!(wantsEmail || command === 'list') || (wantsEmail ? !email || extra.length > 0 : args.length > 1)) {
    return { code: 2, line: USAGE };
  }
  const parsedEmail = wantsEmail ? credentialsSchema.shape.email.safeParse(email) : null;
  if (parsedEmail && !parsedEmail.success) return { code: 2, line: `"${email}" is not an e-mail address.` };

  const settings = parseEnv(env);
  if (!settings.ok) return { code: 2, line: `The configuration is not valid: ${settings.problems.join('; ')}.` };
  const { database: databaseConfig } = settings.config;
  const where = databaseConfig.kind === 'sqlite' ? databaseConfig.file : 'the database at DATABASE_URL';

  for (let attempt = 1; ; attempt++) {
    let database: Database | null = null;
    try {
      database = await openDatabase(databaseConfig);
      // The same migrations the server runs at start (a no-op when it is up to date; safe beside it).
      await migrateToLatest(database);
      const repos = createRepositories(database);
      if (command === 'list') return await list(repos);
      return await setRole(repos, parsedEmail?.data ?? '', isRoleCommand(command) ? ROLE_COMMANDS[command] : 'member');
    } catch (error) {
      const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : '';
      const reason = error instanceof Error ? error.message : String(error);
      // SQLite beside a running server: a transaction that read, then found the server had written
      // since, is refused at once ("database is locked", no wait in WAL mode). Each command can
      // simply run again.
      if (attempt < 5 && /database is locked/.test(`${reason}${cause}`)) {
        await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
        continue;
      }
      return { code: 1, line: `Could not use ${where}: ${reason}${cause}.` };
    } finally {
      await database?.close().catch(() => undefined);
    }
  }
}

type Repos = ReturnType<typeof createRepositories>;

const ROLE_NAMES = { admin: 'an administrator', teacher: 'a teacher', member: 'a member' } as const;

async function setRole(repos: Repos, email: string, role: 'admin' | 'teacher' | 'member'): Promise<CommandResult> {
  const user = await repos.users.findByEmail(email);
  if (!user) return { code: 1, line: `No account uses ${email}. The member signs up on the site first.` };
  const name = ROLE_NAMES[role];
  if (user.role === role) return { code: 0, line: `${email} is ${name} already.` };
  await repos.administration.setRole(null, user.id, role, 'npm run admin');
  const suspended = user.suspended_at !== null ? ' (suspended: restore them on /admin to let them sign in)' : '';
  return { code: 0, line: `${email} is now ${name}${suspended}.` };
}

async function list(repos: Repos): Promise<CommandResult> {
  const admins = await repos.users.listAdmins();
  if (admins.length === 0) return { code: 0, line: 'No administrators yet: npm run admin -- promote <email>' };
  const names = admins.map((admin) => `${admin.email}${admin.suspended_at !== null ? ' (suspended)' : ''}`);
  return { code: 0, line: `Administrators (${admins.length}): ${names.join(', ')}` };
}

// Run as a script (`node scripts/admin.ts …`), not when a test imports it.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { code, line } = await runAdminCommand(process.argv.slice(2), process.env);
  if (code === 0) process.stdout.write(`${line}\n`);
  else console.error(line);
  process.exitCode = code;
}
