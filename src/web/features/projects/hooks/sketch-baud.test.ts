import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECTS } from '#shared/content/projects.ts';
import { ROOT } from '#test/repository-root.ts';
import { SKETCH_BAUD_RATE } from './use-board-upload.ts';

const SKETCHES = path.join(ROOT, 'src/shared/content/sketches');

describe('the serial monitor after an upload', () => {
  it(`opens at the baud rate every sketch sets (${SKETCH_BAUD_RATE})`, () => {
    const rates = PROJECTS.map(({ slug }) => {
      const source = readFileSync(path.join(SKETCHES, `${slug}.ino`), 'utf8');
      return `${slug}: ${/Serial\.begin\((\d+)\)/.exec(source)?.[1]}`;
    });
    expect(rates).toEqual(PROJECTS.map(({ slug }) => `${slug}: ${SKETCH_BAUD_RATE}`));
  });
});
