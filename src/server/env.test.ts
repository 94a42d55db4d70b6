import { describe, expect, it } from 'vitest';
import { parseEnv } from './env.ts';

describe('parseEnv', () => {
  it('defaults to port 3000 and SQLite under ./data', () => {
    const result = parseEnv({}, '/srv/roboforge');
    expect(result).toMatchObject({
      ok: true,
      config: {
        port: 3000,
        siteName: 'RoboForge',
        database: { kind: 'sqlite', file: '/srv/roboforge/data/roboforge.sqlite' },
        webRoot: '/srv/roboforge/build/client',
      },
    });
  });

  it('reads every setting', () => {
    const result = parseEnv(
      { PORT: '8080', HOST: '127.0.0.1', DATA_DIR: '/var/lib/rf', SITE_NAME: ' Bot Club ', LOG_LEVEL: 'warn' },
      '/srv',
    );
    expect(result).toMatchObject({
      ok: true,
      config: {
        port: 8080,
        host: '127.0.0.1',
        siteName: 'Bot Club',
        logLevel: 'warn',
        database: { kind: 'sqlite', file: '/var/lib/rf/roboforge.sqlite' },
      },
    });
  });

  it('hashes passwords at OWASP’s cost, and refuses the test cost outside a test run', () => {
    expect(parseEnv({})).toMatchObject({ ok: true, config: { passwordHashCost: 'owasp' } });
    expect(parseEnv({ PASSWORD_HASH_COST: 'test', NODE_ENV: 'production' })).toEqual({
      ok: false,
      problems: ['PASSWORD_HASH_COST=test is for test runs only (NODE_ENV=test): it weakens every stored password'],
    });
    expect(parseEnv({ PASSWORD_HASH_COST: 'test' })).toMatchObject({ ok: false });
    expect(parseEnv({ PASSWORD_HASH_COST: 'test', NODE_ENV: 'test' })).toMatchObject({
      ok: true,
      config: { passwordHashCost: 'test' },
    });
  });

  it('compiles learners’ sketches in the sandbox unless told COMPILE_SANDBOX=off', () => {
    expect(parseEnv({})).toMatchObject({
      ok: true,
      config: { compile: { sandbox: 'bubblewrap', perAccountPerMinute: 30 } },
    });
    expect(
      parseEnv({ COMPILE_SANDBOX: 'off', COMPILES_PER_MINUTE: '5', AVR_GXX: '/opt/avr/bin/avr-g++' }),
    ).toMatchObject({
      ok: true,
      config: { compile: { sandbox: 'off', perAccountPerMinute: 5, compiler: '/opt/avr/bin/avr-g++' } },
    });
    expect(parseEnv({ COMPILE_SANDBOX: 'no' })).toMatchObject({ ok: false });
  });

  it('uses PostgreSQL when DATABASE_URL is a postgres URL', () => {
    const result = parseEnv({ DATABASE_URL: 'postgresql://u:p@db:5432/rf' });
    expect(result).toMatchObject({
      ok: true,
      config: { database: { kind: 'postgres', url: 'postgresql://u:p@db:5432/rf' } },
    });
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT must be a whole number between 1 and 65535 (got "abc")'],
    [{ PORT: '70000' }, 'PORT must be a whole number between 1 and 65535 (got "70000")'],
    [{ PORT: '3.5' }, 'PORT must be a whole number between 1 and 65535 (got "3.5")'],
    [{ SITE_NAME: '   ' }, 'SITE_NAME must not be blank'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud")'],
    [{ HOST: 'bad host!' }, 'HOST must be a host name or IP address (got "bad host!")'],
  ])('rejects %o with a clear message', (env, message) => {
    const result = parseEnv(env);
    expect(result.ok).toBe(false);
    expect(result.ok ? [] : result.problems).toContainEqual(expect.stringContaining(message));
  });

  it('caps live streams at 10 per address and 5,000 in all unless told otherwise', () => {
    expect(parseEnv({})).toMatchObject({ ok: true, config: { streamLimits: { perAddress: 10, total: 5000 } } });
    expect(parseEnv({ MAX_STREAMS_PER_ADDRESS: '3', MAX_STREAMS: '200' })).toMatchObject({
      ok: true,
      config: { streamLimits: { perAddress: 3, total: 200 } },
    });
    const zero = parseEnv({ MAX_STREAMS: '0' });
    expect(zero.ok ? [] : zero.problems).toEqual([
      'MAX_STREAMS must be a whole number of streams, at least 1 (got "0")',
    ]);
  });

  it('allows 30 sign-ups per address in 5 minutes unless a school behind one address raises it', () => {
    const limits = (env: Record<string, string>) => {
      const result = parseEnv(env);
      return result.ok ? result.config.auth.rateLimits.signupPerAddress : null;
    };
    expect(limits({})).toEqual({ max: 30, windowMs: 5 * 60_000 });
    expect(limits({ SIGNUPS_PER_ADDRESS: '200' })).toEqual({ max: 200, windowMs: 5 * 60_000 });
    expect(limits({ SIGNUPS_PER_ADDRESS: 'lots' })).toBeNull();
  });

  it('never repeats a database URL, which may hold a password', () => {
    const result = parseEnv({ DATABASE_URL: 'mysql://root:hunter2@db/rf' });
    expect(result.ok).toBe(false);
    expect(JSON.stringify(result)).not.toContain('hunter2');
  });
});

describe('parseEnv: mail for password recovery', () => {
  const site = { SITE_URL: 'https://robots.club.example' };

  it('is off unless SMTP_URL and MAIL_FROM are set, and then links point at SITE_URL', () => {
    expect(parseEnv({})).toMatchObject({ ok: true, config: { mail: null, siteUrl: null } });
    const result = parseEnv({
      ...site,
      SMTP_URL: 'smtp://robots:secret@mail.club.example:587',
      MAIL_FROM: 'RoboForge <robots@club.example>',
    });
    expect(result).toMatchObject({
      ok: true,
      config: {
        siteUrl: 'https://robots.club.example',
        mail: { smtpUrl: 'smtp://robots:secret@mail.club.example:587', from: 'RoboForge <robots@club.example>' },
      },
    });
  });

  it.for<[label: string, env: Record<string, string>, problem: RegExp]>([
    ['SMTP_URL alone', { ...site, SMTP_URL: 'smtp://mail.example' }, /MAIL_FROM must be set with SMTP_URL/],
    ['MAIL_FROM alone', { ...site, MAIL_FROM: 'robots@club.example' }, /SMTP_URL must be set with MAIL_FROM/],
    ['mail without SITE_URL', { SMTP_URL: 'smtp://mail.example', MAIL_FROM: 'a@b.example' }, /SITE_URL must be set/],
    [
      'another scheme',
      { ...site, SMTP_URL: 'http://mail.example', MAIL_FROM: 'a@b.example' },
      /SMTP_URL must be an smtp/,
    ],
    [
      'a sender that is no address',
      { ...site, SMTP_URL: 'smtp://m.example', MAIL_FROM: 'robots' },
      /MAIL_FROM must be/,
    ],
  ])('refuses %s', ([_label, env, problem]) => {
    const result = parseEnv(env);
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.problems.join('; ')).toMatch(problem);
  });

  it('never repeats an SMTP URL, which may hold a password', () => {
    const result = parseEnv({ ...site, SMTP_URL: 'imap://robots:hunter2@mail.example', MAIL_FROM: 'a@b.example' });
    expect(result.ok).toBe(false);
    expect(JSON.stringify(result)).not.toContain('hunter2');
  });
});
