import * as Blockly from 'blockly/core';
import { circuitTitle, TRAINER_CIRCUIT } from '#shared/content/circuits.ts';
import { TRAINER_BOARD } from '#shared/content/trainer-board.ts';
import type { Circuit } from '#shared/content/tutorials.ts';
import { registerArduinoBlocks, tieWorkspaceToCircuit, unknownParts } from './arduino-blocks.ts';
import { ArduinoGenerator, MARK } from './arduino-code-generator.ts';
import { PART_GENERATORS } from './generate-parts.ts';
import { PROGRAM_GENERATORS } from './generate-program.ts';

/*
 * A block program as an Arduino sketch (docs/blocks.md). The blocks under "when the board starts"
 * make setup(), those under "forever" and "every N ms" make loop(); blocks not under one of them
 * are left out, as Blockly's own generators do. What the parts need (pinMode, servo.attach,
 * lcd.init…) is added from the parts the blocks use. Each block's lines are recorded, for
 * highlighting them and for taking a compiler's error back to its block.
 */

export interface GeneratedSketch {
  readonly source: string; // a complete .ino: includes, globals, setup(), loop()
  /** For each block id, the 1-based line range of `source` it produced (a value block: the first line of its statement). */
  readonly lines: ReadonlyMap<string, { readonly from: number; readonly to: number }>;
}

type LineRange = { readonly from: number; readonly to: number };

export { MissingPartError } from './arduino-code-generator.ts';

/** The sketch the workspace's blocks make on this circuit. */
export function sketchFromWorkspace(workspace: Blockly.Workspace, circuit: Circuit): GeneratedSketch {
  const generator = new ArduinoGenerator(circuit, workspace, [PROGRAM_GENERATORS, PART_GENERATORS]);
  const tops = workspace.getTopBlocks(true).filter((block) => block.isEnabled() && !block.isInsertionMarker());
  const ofType = (type: string) => tops.filter((block) => block.type === type);

  const setupParts = ofType('board_starts').map((block, i) => {
    const body = generator.statementToCode(block, 'DO');
    return i === 0 ? { block, body } : { block, body: generator.mark(block, body) };
  });
  const loopParts = ofType('board_forever').map((block, i) => {
    const body = generator.statementToCode(block, 'DO');
    return i === 0 ? { block, body } : { block, body: generator.mark(block, body) };
  });
  const everyParts = ofType('board_every').map((block) => {
    const ms = Math.max(1, Math.round(Number(block.getFieldValue('MS')) || 1));
    const timer = generator.context.addTimer(generator.distinctName(`everyTimer${ms}ms`));
    const body = generator.statementToCode(block, 'DO');
    const code = `if (millis() - ${timer} >= ${ms}) {\n  ${timer} = millis();\n${body}}\n`;
    return generator.mark(block, generator.prefixLines(code, generator.INDENT));
  });

  const variables = workspace
    .getVariableMap()
    .getAllVariables()
    .map((variable) => `long ${generator.variableNameById(variable.getId())} = 0;`);
  const frame = generator.context.frame(variables);

  const setupBody = [
    ...frame.setup.map((line) => `${generator.INDENT}${line}\n`),
    ...setupParts.map((part) => part.body),
  ].join('');
  const loopBody = [...loopParts.map((part) => part.body), ...everyParts].join('');
  const firstStarts = setupParts[0]?.block;
  const firstForever = loopParts[0]?.block;
  const setup = `void setup() {\n${setupBody}}\n`;
  const loop = `void loop() {\n${loopBody}}\n`;

  const head = [
    `// Made with blocks on the ${titleOf(circuit)} circuit.`,
    '',
    ...(frame.includes.length > 0 ? [...frame.includes, ''] : []),
    ...frame.globals,
    ...frame.helpers,
  ];
  const marked = [
    `${head.join('\n')}\n`,
    firstStarts ? generator.mark(firstStarts, setup) : setup,
    '\n',
    firstForever ? generator.mark(firstForever, loop) : loop,
  ].join('');
  return withLineRanges(marked, generator.marked, workspace);
}

/** Removes the marker lines, recording the lines between each pair as its block's range. */
function withLineRanges(marked: string, blockIds: readonly string[], workspace: Blockly.Workspace): GeneratedSketch {
  const lines: string[] = [];
  const ranges = new Map<string, LineRange>();
  const opened: { index: number; from: number }[] = [];
  for (const line of marked.split('\n')) {
    const marker = line.trim();
    if (marker.startsWith(MARK)) {
      const index = Number(marker.slice(2));
      if (marker[1] === 'S') {
        opened.push({ index, from: lines.length + 1 });
      } else {
        const start = opened.pop();
        const id = start ? blockIds[start.index] : undefined;
        if (start && id && lines.length >= start.from) ranges.set(id, { from: start.from, to: lines.length });
      }
    } else {
      lines.push(line.trimEnd());
    }
  }
  // A value block shows on the first line of the statement it is part of.
  for (const block of workspace.getAllBlocks(true)) {
    if (!block.outputConnection || ranges.has(block.id)) continue;
    let parent = block.getParent();
    while (parent && !ranges.has(parent.id)) parent = parent.getParent();
    const range = parent ? ranges.get(parent.id) : undefined;
    if (range) ranges.set(block.id, { from: range.from, to: range.from });
  }
  const source = lines.join('\n').replace(/\n*$/, '\n');
  return { source, lines: ranges };
}

/**
 * Headless: loads Blockly serialization JSON into a fresh headless workspace tied to the circuit and
 * generates. Throws, changing nothing, for JSON Blockly cannot load or a part the circuit does not have.
 */
export function sketchFromBlocks(json: object, circuit: Circuit): GeneratedSketch {
  registerArduinoBlocks();
  const missing = unknownParts(json, circuit);
  if (missing.length > 0) {
    throw new Error(`These blocks name parts the ${titleOf(circuit)} circuit does not have: ${missing.join(', ')}.`);
  }
  const workspace = new Blockly.Workspace();
  try {
    tieWorkspaceToCircuit(workspace, circuit);
    try {
      Blockly.serialization.workspaces.load(json, workspace, { recordUndo: false });
    } catch (error) {
      throw new Error(`These blocks cannot be loaded: ${error instanceof Error ? error.message : String(error)}`);
    }
    return sketchFromWorkspace(workspace, circuit);
  } finally {
    workspace.dispose();
  }
}

/** The circuit's name as a learner knows it ("Trainer board", or the tutorial's title). */
function titleOf(circuit: Circuit): string {
  return circuitTitle(circuit.slug === TRAINER_BOARD.slug ? TRAINER_CIRCUIT : circuit.slug);
}

/** The block whose lines contain `line` (the innermost, when blocks are nested), for showing a compile error on it. */
export function blockAtLine(sketch: GeneratedSketch, line: number): string | undefined {
  let found: { id: string; size: number } | undefined;
  for (const [id, { from, to }] of sketch.lines) {
    if (line < from || line > to) continue;
    const size = to - from;
    if (!found || size < found.size) found = { id, size };
  }
  return found?.id;
}
