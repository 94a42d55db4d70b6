/**
 * Files a newcomer can read (issue 34): no source file over 450 lines outside the tutorials' content,
 * no stylesheet over 500 lines, and no route file with more than 8 routes. A file that grows past
 * these is split by what its parts are about, not by a line count.
 */
import { globSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '#test/repository-root.ts';

const MAX_SOURCE_LINES = 450;
const MAX_STYLESHEET_LINES = 500;
const MAX_ROUTES_PER_FILE = 8;

const tracked = (pattern: string) => globSync(pattern, { cwd: ROOT });
const linesOf = (file: string) => readFileSync(path.join(ROOT, file), 'utf8').split('\n').length - 1;
const isTest = (file: string) => /\.test\.tsx?$/.test(file);
/** Tutorial content is long by nature: nine tutorials' text, steps and wiring. */
const isContent = (file: string) => file.startsWith('src/shared/content/');

describe('file sizes', () => {
  it(`keeps every source file under ${MAX_SOURCE_LINES} lines, outside tests and tutorial content`, () => {
    const sources = [...tracked('src/**/*.ts'), ...tracked('src/**/*.tsx')].filter((f) => !isTest(f) && !isContent(f));
    expect(sources.length).toBeGreaterThan(100);
    const over = sources.filter((f) => linesOf(f) > MAX_SOURCE_LINES).map((f) => `${f}: ${linesOf(f)} lines`);
    expect(over).toEqual([]);
  });

  it(`keeps every stylesheet under ${MAX_STYLESHEET_LINES} lines`, () => {
    const sheets = tracked('src/**/*.css');
    expect(sheets).toContain('src/web/app/app.css');
    const over = sheets.filter((f) => linesOf(f) > MAX_STYLESHEET_LINES).map((f) => `${f}: ${linesOf(f)} lines`);
    expect(over).toEqual([]);
  });

  it(`keeps at most ${MAX_ROUTES_PER_FILE} routes in a route file`, () => {
    const routeFiles = tracked('src/server/routes/**/*.ts').filter((f) => !isTest(f));
    const routesIn = (file: string) =>
      readFileSync(path.join(ROOT, file), 'utf8').match(/\.(get|post|put|patch|delete|route)(<[^>]*>)?\(\s*['"`{]/g)
        ?.length ?? 0;
    expect(routeFiles.some((f) => routesIn(f) > 0)).toBe(true);
    const over = routeFiles.filter((f) => routesIn(f) > MAX_ROUTES_PER_FILE).map((f) => `${f}: ${routesIn(f)} routes`);
    expect(over).toEqual([]);
  });
});
