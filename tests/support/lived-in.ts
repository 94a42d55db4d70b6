import { BIO_MAX_LENGTH, USERNAME_MAX_LENGTH } from '#shared/constants.ts';
import { PROJECTS } from '#shared/content/projects.ts';
import type { Session } from '#shared/schemas/auth.ts';
import { PASSWORD, signUpAndSignIn } from './sign-up.ts';

/**
 * A lived-in site for looking at screens as members see them (issue 23): a dozen members whose names
 * and bios are as long as the rules allow and have no spaces to break at, bookmarks, and ticks in
 * several tutorials. Everything goes through the API, as browsers would.
 */

/** A display name of 60 letters without a space: the e-mail's part before the @, shown while a member has no username. */
export const LONG_NAME = 'Maximilianalexandrathelonglearner'.padEnd(60, 'x');
/** A username as long as the rules allow, with no space to wrap at. */
export const LONG_USERNAME = 'Bartholomewthebuilderofrobotsxyz'.slice(0, USERNAME_MAX_LENGTH);
const UNBROKEN_BIO = 'ILoveBuildingRobotsThatFollowLinesAndWaterPlants'.repeat(4);

export interface LivedInSite {
  /** The member with the 60-letter name, bookmarks and builds in progress; signs in with `password`. */
  readonly member: { readonly email: string; readonly password: string; readonly session: Session };
  /** Every other member's e-mail, oldest first. */
  readonly others: readonly string[];
}

async function call(baseUrl: string, method: string, route: string, token: string, body?: unknown) {
  const response = await fetch(new URL(route, baseUrl), {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${route} failed: ${response.status} ${await response.text()}`);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Makes the lived-in site on the server at `baseUrl`. `label` keeps the e-mails of two runs on one
 * database apart (usernames are unique, so each run gets its own suffix).
 */
export async function makeLivedInSite(baseUrl: string, label = Date.now().toString(36)): Promise<LivedInSite> {
  const suffix = label.slice(-4);
  // Code points, as the server counts a name's characters.
  const username = (base: string) => `${[...base].slice(0, USERNAME_MAX_LENGTH - suffix.length).join('')}${suffix}`;
  const profiles: { username: string | null; bio: string | null; show_email: boolean; local: string }[] = [
    { username: username(LONG_USERNAME), bio: UNBROKEN_BIO, show_email: true, local: `${'builder'.repeat(8)}` },
    {
      username: username('Ада_Лавлейс_конструктор_роботов'),
      bio: 'Паяю с 12 лет. '.repeat(20),
      show_email: false,
      local: 'ada',
    },
    {
      username: username('WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW'),
      bio: 'W'.repeat(BIO_MAX_LENGTH),
      show_email: true,
      local: 'w'.repeat(60),
    },
    { username: null, bio: null, show_email: false, local: 'anonymous' },
    {
      username: username('ロボット工作が大好きな中学生のたろう'),
      bio: '毎日ロボットを作っています。'.repeat(10),
      show_email: false,
      local: 'taro',
    },
    {
      username: username('grace'),
      bio: 'Line followers, mostly.\nSometimes solar trackers.',
      show_email: true,
      local: 'grace',
    },
    {
      username: username('https://example.com/a/very/long/url'),
      bio: `https://example.com/${'path/'.repeat(40)}`,
      show_email: false,
      local: 'url',
    },
    {
      username: username('Émilie-Du-Châtelet-Robotique'),
      bio: 'Capteurs, moteurs et beaucoup de café.',
      show_email: false,
      local: 'emilie',
    },
    { username: username('x_'), bio: 'Short.', show_email: false, local: 'x' },
    { username: username('🤖🤖🤖🤖🤖🤖🤖🤖🤖🤖🤖🤖🤖🤖'), bio: '🔧'.repeat(200), show_email: false, local: 'emoji' },
    {
      username: username('linus_builds_rovers_at_school'),
      bio: 'Rovers. '.repeat(60),
      show_email: true,
      local: 'linus',
    },
  ];

  const others: string[] = [];
  for (const [index, profile] of profiles.entries()) {
    const email = `${profile.local}.${label}.${index}@example.test`;
    const session = await signUpAndSignIn(baseUrl, email, PASSWORD);
    await call(baseUrl, 'PATCH', `/api/profiles/${session.user.id}`, session.access_token, {
      ...(profile.username === null ? {} : { username: profile.username }),
      ...(profile.bio === null ? {} : { bio: profile.bio }),
      show_email: profile.show_email,
    });
    others.push(email);
  }

  // Newest, so first on /people: the long-named member, with no username (the name is the e-mail's part before the @).
  const email = `${LONG_NAME.slice(0, 60 - label.length)}${label}@example.test`;
  const session = await signUpAndSignIn(baseUrl, email, PASSWORD);
  await call(baseUrl, 'PATCH', `/api/profiles/${session.user.id}`, session.access_token, {
    bio: `${UNBROKEN_BIO}\n\nAnd a second paragraph.`,
    show_email: true,
  });
  const [first, second, third, fourth] = PROJECTS;
  if (!first || !second || !third || !fourth) throw new Error('the catalog has fewer than four projects');
  for (const project of [fourth, second, first]) {
    await call(baseUrl, 'POST', '/api/bookmarks', session.access_token, { project_id: project.id });
  }
  // Builds touched in this order, so the dashboard lists the third first: a finished build, one half
  // done, and one with a material ticked only.
  for (const index of first.steps.keys()) {
    await call(baseUrl, 'PUT', `/api/progress/${first.id}/steps/${index}`, session.access_token);
  }
  await sleep(20);
  await call(baseUrl, 'PUT', `/api/progress/${second.id}/materials/0`, session.access_token);
  await sleep(20);
  for (const index of [0, 1, 2]) {
    await call(baseUrl, 'PUT', `/api/progress/${third.id}/steps/${index}`, session.access_token);
  }
  return { member: { email, password: PASSWORD, session }, others };
}

// `node tests/support/lived-in.ts http://127.0.0.1:3000`: fills a running server, e.g. for scripts/screenshots.ts.
if (import.meta.main) {
  const baseUrl = process.argv[2] ?? 'http://127.0.0.1:3000';
  const site = await makeLivedInSite(baseUrl);
  process.stdout.write(`${site.member.email}:${site.member.password}\n`);
}
