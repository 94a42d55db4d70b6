import type * as Blockly from 'blockly/core';
import type { ArduinoGenerator, BlockGenerators } from './arduino-code-generator.ts';
import { cppNumber, cppString, ORDER } from './cpp.ts';

/*
 * The C++ of the blocks every circuit has (blocks-program.ts). "when the board starts", "forever"
 * and "every N ms" are not here: they are where the sketch's functions come from (arduino-generator.ts).
 */

const ARITHMETIC: Readonly<Record<string, readonly [string, number]>> = {
  ADD: ['+', ORDER.ADDITIVE],
  MINUS: ['-', ORDER.ADDITIVE],
  MULTIPLY: ['*', ORDER.MULTIPLICATIVE],
  DIVIDE: ['/', ORDER.MULTIPLICATIVE],
};

const COMPARISON: Readonly<Record<string, readonly [string, number]>> = {
  LT: ['<', ORDER.RELATIONAL],
  LTE: ['<=', ORDER.RELATIONAL],
  EQ: ['==', ORDER.EQUALITY],
  NEQ: ['!=', ORDER.EQUALITY],
  GTE: ['>=', ORDER.RELATIONAL],
  GT: ['>', ORDER.RELATIONAL],
};

/** The number in a block's input when it is a plain number block, so `wait 2 s` can say `delay(2000)`. */
function literalNumber(block: Blockly.Block, input: string): number | undefined {
  const target = block.getInputTargetBlock(input);
  return target?.type === 'math_number' ? Number(target.getFieldValue('NUM')) : undefined;
}

/** An `if` statement's lines, with an `else` when there is one. */
function ifStatement(block: Blockly.Block, generator: ArduinoGenerator, withElse: boolean): string {
  const condition = generator.valueOr(block, 'IF', ORDER.NONE, 'false');
  let code = `if (${condition}) {\n${generator.statementToCode(block, 'DO')}}`;
  if (withElse) code += ` else {\n${generator.statementToCode(block, 'ELSE')}}`;
  return `${code}\n`;
}

export const PROGRAM_GENERATORS: BlockGenerators = {
  time_wait_ms: (block, generator) => `delay(${generator.valueOr(block, 'MS', ORDER.NONE, '0')});\n`,
  time_wait_s: (block, generator) => {
    const seconds = literalNumber(block, 'SECONDS');
    if (seconds !== undefined) return `delay(${cppNumber(Math.round(seconds * 1000))});\n`;
    return `delay(${generator.valueOr(block, 'SECONDS', ORDER.MULTIPLICATIVE, '0')} * 1000);\n`;
  },
  control_if: (block, generator) => ifStatement(block, generator, false),
  control_if_else: (block, generator) => ifStatement(block, generator, true),
  control_repeat: (block, generator) => {
    const times = generator.valueOr(block, 'TIMES', ORDER.RELATIONAL, '0');
    const count = generator.distinctName('count');
    const inside = generator.statementToCode(block, 'DO');
    return `for (int ${count} = 0; ${count} < ${times}; ${count}++) {\n${inside}}\n`;
  },
  math_number: (block) => {
    const value = Number(block.getFieldValue('NUM'));
    return [cppNumber(value), value < 0 ? ORDER.UNARY : ORDER.ATOMIC];
  },
  math_arithmetic: (block, generator) => {
    const [operator, order] = ARITHMETIC[String(block.getFieldValue('OP'))] ?? ['+', ORDER.ADDITIVE];
    const a = generator.valueOr(block, 'A', order, '0');
    const b = generator.valueOr(block, 'B', order, '0');
    return [`${a} ${operator} ${b}`, order];
  },
  math_map: (block, generator) => {
    const args = ['VALUE', 'FROM_LOW', 'FROM_HIGH', 'TO_LOW', 'TO_HIGH'].map((input) =>
      generator.valueOr(block, input, ORDER.NONE, '0'),
    );
    return [`map(${args.join(', ')})`, ORDER.CALL];
  },
  math_constrain: (block, generator) => {
    const args = ['VALUE', 'LOW', 'HIGH'].map((input) => generator.valueOr(block, input, ORDER.NONE, '0'));
    return [`constrain(${args.join(', ')})`, ORDER.CALL];
  },
  logic_compare: (block, generator) => {
    const [operator, order] = COMPARISON[String(block.getFieldValue('OP'))] ?? ['==', ORDER.EQUALITY];
    // Operands tighter than a comparison (arithmetic, calls) need no parentheses; anything else gets them.
    const a = generator.valueOr(block, 'A', ORDER.RELATIONAL, '0');
    const b = generator.valueOr(block, 'B', ORDER.RELATIONAL, '0');
    return [`${a} ${operator} ${b}`, order];
  },
  logic_operation: (block, generator) => {
    const and = block.getFieldValue('OP') === 'AND';
    const order = and ? ORDER.LOGICAL_AND : ORDER.LOGICAL_OR;
    // An "and" inside an "or" gets parentheses too, as -Wall's -Wparentheses asks.
    const a = generator.valueOr(block, 'A', ORDER.LOGICAL_AND, 'false');
    const b = generator.valueOr(block, 'B', ORDER.LOGICAL_AND, 'false');
    return [`${a} ${and ? '&&' : '||'} ${b}`, order];
  },
  logic_negate: (block, generator) => [`!${generator.valueOr(block, 'BOOL', ORDER.UNARY, 'false')}`, ORDER.UNARY],
  logic_boolean: (block) => [block.getFieldValue('BOOL') === 'TRUE' ? 'true' : 'false', ORDER.ATOMIC],
  variables_get: (block, generator) => [generator.variableName(block, 'VAR'), ORDER.ATOMIC],
  variables_set: (block, generator) => {
    const value = generator.valueOr(block, 'VALUE', ORDER.ASSIGNMENT, '0');
    return `${generator.variableName(block, 'VAR')} = ${value};\n`;
  },
  math_change: (block, generator) => {
    const name = generator.variableName(block, 'VAR');
    const delta = literalNumber(block, 'DELTA');
    if (delta === 1) return `${name}++;\n`;
    if (delta === -1) return `${name}--;\n`;
    if (delta !== undefined && delta < 0) return `${name} -= ${cppNumber(-delta)};\n`;
    return `${name} += ${generator.valueOr(block, 'DELTA', ORDER.ASSIGNMENT, '0')};\n`;
  },
  text: (block) => [cppString(String(block.getFieldValue('TEXT') ?? '')), ORDER.ATOMIC],
};
