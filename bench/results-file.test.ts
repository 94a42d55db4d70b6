import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeResultsSection } from './results-file.ts';

describe('writeResultsSection', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'results-'));
  const file = path.join(dir, 'RESULTS.md');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('adds sections and replaces only the named one', () => {
    writeResultsSection('performance', '## Performance\nold', file);
    writeResultsSection('reliability', '## Reliability\nkept', file);
    writeResultsSection('performance', '## Performance\nnew', file);
    const text = readFileSync(file, 'utf8');
    expect(text).toContain('## Performance\nnew');
    expect(text).not.toContain('old');
    expect(text).toContain('## Reliability\nkept');
    expect(text.indexOf('Performance')).toBeLessThan(text.indexOf('Reliability'));
  });
});
