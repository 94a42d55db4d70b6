import * as Blockly from 'blockly/core';
import type { Circuit, WiringPart } from '#shared/content/tutorials.ts';
import { findPart, type PartRole } from './circuit-parts.ts';
import { RESERVED_WORDS } from './cpp.ts';
import { SketchContext } from './sketch-context.ts';

/*
 * Blockly's code generator, made to write Arduino C++ for one circuit. One is made for each
 * generation (it holds what that program uses). Each statement block's code is wrapped in two
 * marker lines, which arduino-generator.ts turns into the block's line range and removes.
 */

/** Starts a marker line; never in generated code (string literals turn control characters into spaces). */
export const MARK = '\u0001';

export type BlockCode = [string, number] | string;
export type BlockGenerators = Readonly<
  Record<string, (block: Blockly.Block, generator: ArduinoGenerator) => BlockCode>
>;

/** A block that names a part the circuit does not have (a program from another circuit, or edited by hand). */
export class MissingPartError extends Error {}

export class ArduinoGenerator extends Blockly.CodeGenerator {
  readonly circuit: Circuit;
  readonly context: SketchContext;
  /** The statement blocks in marker order: the marker `\u0001S3` opens the lines of `marked[3]`. */
  readonly marked: string[] = [];

  constructor(circuit: Circuit, workspace: Blockly.Workspace, generators: readonly BlockGenerators[]) {
    super('Arduino');
    this.circuit = circuit;
    this.INDENT = '  ';
    this.context = new SketchContext(circuit);
    for (const table of generators) Object.assign(this.forBlock, table);
    this.addReservedWords([...RESERVED_WORDS, ...SketchContext.namesFor(circuit)].join(','));
    this.init(workspace);
  }

  override init(workspace: Blockly.Workspace): void {
    super.init(workspace);
    this.nameDB_ = new Blockly.Names(this.RESERVED_WORDS_);
    this.nameDB_.setVariableMap(workspace.getVariableMap());
    this.nameDB_.populateVariables(workspace);
    this.isInitialized = true;
  }

  /** The C++ name of the variable in that block's field. */
  variableName(block: Blockly.Block, field: string): string {
    return this.variableNameById(String(block.getFieldValue(field)));
  }

  /** The C++ name of the workspace's variable of that id. */
  variableNameById(id: string): string {
    if (!this.nameDB_) throw new Error('The generator is not initialised');
    return this.nameDB_.getName(id, Blockly.Names.NameType.VARIABLE);
  }

  /** A fresh name for something the generated code declares (a loop counter, a timer). */
  distinctName(name: string): string {
    if (!this.nameDB_) throw new Error('The generator is not initialised');
    return this.nameDB_.getDistinctName(name, Blockly.Names.NameType.DEVELOPER_VARIABLE);
  }

  /** The code of a value input, or `fallback` where the learner left it empty. */
  valueOr(block: Blockly.Block, input: string, order: number, fallback: string): string {
    return this.valueToCode(block, input, order) || fallback;
  }

  /** The part the block's PART dropdown names, marked as used; throws when this circuit has no such part. */
  part(block: Blockly.Block, role: PartRole): WiringPart {
    const id = String(block.getFieldValue('PART') ?? '');
    const part = findPart(this.circuit, role, id);
    if (!part) throw new MissingPartError(`A "${block.type}" block names "${id}", which this circuit does not have.`);
    this.context.markPartUsed(part);
    return part;
  }

  /** The circuit's first part of that role (for the LCD, which a circuit has one of), marked as used. */
  onlyPart(block: Blockly.Block, role: PartRole): WiringPart {
    const part = this.circuit.parts.find((p) => findPart(this.circuit, role, p.id));
    if (!part) throw new MissingPartError(`A "${block.type}" block needs a part this circuit does not have.`);
    this.context.markPartUsed(part);
    return part;
  }

  /** Wraps a statement block's lines in its markers and follows it with the blocks under it. */
  override scrub_(block: Blockly.Block, code: string, thisOnly?: boolean): string {
    let marked = code;
    if (!block.outputConnection) {
      const index = this.marked.push(block.id) - 1;
      marked = `${MARK}S${index}\n${code}${MARK}E${index}\n`;
    }
    if (thisOnly) return marked;
    const next = this.blockToCode(block.nextConnection?.targetBlock() ?? null);
    return marked + (typeof next === 'string' ? next : next[0]);
  }

  /** Markers around lines that stand for a block (a whole setup() for "when the board starts"). */
  mark(block: Blockly.Block, code: string): string {
    const index = this.marked.push(block.id) - 1;
    return `${MARK}S${index}\n${code}${MARK}E${index}\n`;
  }
}
