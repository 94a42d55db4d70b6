import type { Board } from '#shared/content/projects.ts';
import { SketchCompiler } from '../../src/server/compile/compiler.ts';
import { testSettings } from './settings.ts';

/*
 * A sketch compiled by the compile service's own compiler, in its sandbox (src/server/compile/): what
 * the system tests of our libraries and the trainer's starters run on the simulated board. One
 * compiler for the whole test file; its core archive is built on the first compile of a board.
 */

let compiler: SketchCompiler | undefined;

export function serviceCompiler(): SketchCompiler {
  compiler ??= new SketchCompiler({
    sandbox: 'bubblewrap',
    compiler: testSettings.avrCompiler,
    core: testSettings.arduinoAvrCore,
  });
  return compiler;
}

/**
 * The program and where it keeps its clock, compiled as a learner's sketch is. Throws, with the
 * compiler's words, on an error or (as -Werror would) on a warning: a library example or a starter
 * must compile clean.
 */
export async function compileClean(
  source: string,
  board: Board = 'uno',
): Promise<{ hex: string; clock: { millis: number; overflowCount: number } }> {
  const problem = await serviceCompiler().problem();
  if (problem) throw new Error(problem);
  const outcome = await serviceCompiler().compile(board, source);
  if (!outcome.ok) {
    const said = outcome.diagnostics.map((d) => `line ${d.line}: ${d.message}`).join('\n');
    throw new Error(`${outcome.message}\n${said}`);
  }
  if (outcome.sketch.warnings.length > 0) {
    throw new Error(outcome.sketch.warnings.map((d) => `warning, line ${d.line}: ${d.message}`).join('\n'));
  }
  return { hex: outcome.sketch.hex, clock: outcome.sketch.clock };
}
