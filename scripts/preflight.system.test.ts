import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { minimumFromEngines, nodeVersionProblem } from './preflight.mjs';

const engines = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).engines.node;

describe('Node version preflight', () => {
  it('reads the minimum from package.json engines, the same that the README states', () => {
    expect(minimumFromEngines(engines)).toEqual([22, 22, 0]);
    expect(readFileSync(new URL('../README.md', import.meta.url), 'utf8')).toContain('Node.js 22.22 or newer');
  });

  it('names the version found, the version needed and how to get it, in one line', () => {
    const message = nodeVersionProblem('v20.20.2', minimumFromEngines(engines));
    expect(message).toContain('Node.js v20.20.2');
    expect(message).toContain('22.22.0 or newer');
    expect(message).toContain('nvm install 24');
    expect(message).not.toContain('\n');
    expect(nodeVersionProblem('v22.21.9', [22, 22, 0])).not.toBeNull();
  });

  it('lets a new enough Node through', () => {
    expect(nodeVersionProblem('v22.22.0', [22, 22, 0])).toBeNull();
    expect(nodeVersionProblem('v24.21.0', [22, 22, 0])).toBeNull();
    expect(nodeVersionProblem(process.version, minimumFromEngines(engines))).toBeNull();
  });

  it('as a command, stops an old Node within a second with that line and exit code 1', () => {
    // A fake older process.version, set before the script reads it.
    const run = spawnSync(
      process.execPath,
      [
        '--import',
        'data:text/javascript,Object.defineProperty(process,"version",{value:"v20.20.2"})',
        'scripts/preflight.mjs',
      ],
      { encoding: 'utf8' },
    );
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual([nodeVersionProblem('v20.20.2', [22, 22, 0])]);
    expect(execFileSync(process.execPath, ['scripts/preflight.mjs'], { encoding: 'utf8' })).toBe('');
  });
});
