import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '#test/repository-root.ts';

describe('the server bundle (build/server-app/server.js)', () => {
  it('runs no script’s command-line entry at its start', () => {
    // A module's `if (import.meta.main)` block, bundled into the server, is true there: the server
    // then ran `npm run sketches` at every start, compiling the tutorials and rewriting src/ (found
    // by bench/compile.ts). Command-line entries live in files the server never imports.
    const bundle = readFileSync(path.join(ROOT, 'build/server-app/server.js'), 'utf8');
    expect(bundle).not.toMatch(/import\.meta\.main/);
    expect(bundle).not.toContain('hex-record.json written');
  });
});
