import * as Blockly from 'blockly/core';
import { HUES } from './block-style.ts';

/*
 * The blocks every circuit has: when the program runs (setup, loop, every N ms), waiting, choices and
 * repeats, logic, numbers, variables and text. Each is a plain JSON definition. The number,
 * comparison, logic and variable blocks keep Blockly's built-in type names (math_number,
 * variables_get…), because Blockly's own variable drawer creates blocks of those types; they are
 * defined here, so `blockly/blocks` is not needed.
 */

type BlockJson = Record<string, unknown> & { readonly type: string };

const statement = { previousStatement: null, nextStatement: null } as const;
const number = (name: string) => ({ type: 'input_value', name, check: 'Number' });
const condition = (name: string) => ({ type: 'input_value', name, check: 'Boolean' });
const body = (name: string) => ({ type: 'input_statement', name });

export const PROGRAM_BLOCKS: readonly BlockJson[] = [
  {
    type: 'board_starts',
    message0: 'when the board starts %1 %2',
    args0: [{ type: 'input_dummy' }, body('DO')],
    colour: HUES.events,
    tooltip: 'The blocks inside run once, when the board is switched on or reset (setup).',
  },
  {
    type: 'board_forever',
    message0: 'forever %1 %2',
    args0: [{ type: 'input_dummy' }, body('DO')],
    colour: HUES.events,
    tooltip: 'The blocks inside run again and again, for as long as the board is on (loop).',
  },
  {
    type: 'board_every',
    message0: 'every %1 ms %2 %3',
    args0: [
      {
        type: 'field_number',
        name: 'MS',
        value: 1000,
        min: 1,
        max: 86_400_000,
        precision: 1,
        ariaTypeName: 'milliseconds',
      },
      { type: 'input_dummy' },
      body('DO'),
    ],
    colour: HUES.events,
    tooltip:
      'The blocks inside run each time this many milliseconds (1000 ms = 1 second) have passed, beside "forever". ' +
      'A long wait inside "forever" holds them up.',
  },
  {
    type: 'time_wait_ms',
    message0: 'wait %1 ms',
    args0: [number('MS')],
    inputsInline: true,
    ...statement,
    colour: HUES.control,
    tooltip: 'Waits this many milliseconds (1000 ms = 1 second) before the next block.',
  },
  {
    type: 'time_wait_s',
    message0: 'wait %1 s',
    args0: [number('SECONDS')],
    inputsInline: true,
    ...statement,
    colour: HUES.control,
    tooltip: 'Waits this many seconds before the next block.',
  },
  {
    type: 'control_if',
    message0: 'if %1 then %2 %3',
    args0: [condition('IF'), { type: 'input_dummy' }, body('DO')],
    ...statement,
    colour: HUES.control,
    tooltip: 'Runs the blocks inside only when the condition is true.',
  },
  {
    type: 'control_if_else',
    message0: 'if %1 then %2 %3',
    args0: [condition('IF'), { type: 'input_dummy' }, body('DO')],
    message1: 'else %1',
    args1: [body('ELSE')],
    ...statement,
    colour: HUES.control,
    tooltip: 'Runs the first blocks when the condition is true, and the blocks under "else" when it is not.',
  },
  {
    type: 'control_repeat',
    message0: 'repeat %1 times %2 %3',
    args0: [number('TIMES'), { type: 'input_dummy' }, body('DO')],
    ...statement,
    colour: HUES.control,
    tooltip: 'Runs the blocks inside this many times, then goes on.',
  },
  {
    type: 'math_number',
    message0: '%1',
    args0: [{ type: 'field_number', name: 'NUM', value: 0, ariaTypeName: 'number' }],
    output: 'Number',
    colour: HUES.math,
    tooltip: 'A number, such as 5 or 2.5.',
  },
  {
    type: 'math_arithmetic',
    message0: '%1 %2 %3',
    args0: [
      number('A'),
      {
        type: 'field_dropdown',
        name: 'OP',
        options: [
          ['+', 'ADD'],
          ['−', 'MINUS'],
          ['×', 'MULTIPLY'],
          ['÷', 'DIVIDE'],
        ],
        ariaTypeName: 'operation',
      },
      number('B'),
    ],
    inputsInline: true,
    output: 'Number',
    colour: HUES.math,
    tooltip: 'Adds, takes away, multiplies or divides two numbers. Whole numbers divide to a whole number: 7 ÷ 2 is 3.',
  },
  {
    type: 'math_map',
    message0: 'map %1 from %2 – %3 to %4 – %5',
    args0: [number('VALUE'), number('FROM_LOW'), number('FROM_HIGH'), number('TO_LOW'), number('TO_HIGH')],
    inputsInline: true,
    output: 'Number',
    colour: HUES.math,
    tooltip: 'Turns a number from one range into another, e.g. a knob’s 0–1023 into an angle 0–180 (map).',
  },
  {
    type: 'math_constrain',
    message0: 'keep %1 between %2 and %3',
    args0: [number('VALUE'), number('LOW'), number('HIGH')],
    inputsInline: true,
    output: 'Number',
    colour: HUES.math,
    tooltip: 'The number, but never below the first limit or above the second (constrain).',
  },
  {
    type: 'logic_compare',
    message0: '%1 %2 %3',
    args0: [
      number('A'),
      {
        type: 'field_dropdown',
        name: 'OP',
        options: [
          ['<', 'LT'],
          ['≤', 'LTE'],
          ['=', 'EQ'],
          ['≠', 'NEQ'],
          ['≥', 'GTE'],
          ['>', 'GT'],
        ],
        ariaTypeName: 'comparison',
      },
      number('B'),
    ],
    inputsInline: true,
    output: 'Boolean',
    colour: HUES.logic,
    tooltip: 'True when the comparison holds, e.g. 3 < 5.',
  },
  {
    type: 'logic_operation',
    message0: '%1 %2 %3',
    args0: [
      condition('A'),
      {
        type: 'field_dropdown',
        name: 'OP',
        options: [
          ['and', 'AND'],
          ['or', 'OR'],
        ],
        ariaTypeName: 'and or or',
      },
      condition('B'),
    ],
    inputsInline: true,
    output: 'Boolean',
    colour: HUES.logic,
    tooltip: '"and" is true when both are true; "or" when at least one is.',
  },
  {
    type: 'logic_negate',
    message0: 'not %1',
    args0: [condition('BOOL')],
    output: 'Boolean',
    colour: HUES.logic,
    tooltip: 'True when what is inside is false, and false when it is true.',
  },
  {
    type: 'logic_boolean',
    message0: '%1',
    args0: [
      {
        type: 'field_dropdown',
        name: 'BOOL',
        options: [
          ['true', 'TRUE'],
          ['false', 'FALSE'],
        ],
        ariaTypeName: 'true or false',
      },
    ],
    output: 'Boolean',
    colour: HUES.logic,
    tooltip: 'True or false.',
  },
  {
    type: 'variables_get',
    message0: '%1',
    args0: [{ type: 'field_variable', name: 'VAR', variable: '%{BKY_VARIABLES_DEFAULT_NAME}' }],
    output: 'Number',
    colour: HUES.variables,
    tooltip: 'The number the variable holds now.',
  },
  {
    type: 'variables_set',
    message0: 'set %1 to %2',
    args0: [
      { type: 'field_variable', name: 'VAR', variable: '%{BKY_VARIABLES_DEFAULT_NAME}' },
      { type: 'input_value', name: 'VALUE', check: ['Number', 'Boolean'] },
    ],
    inputsInline: true,
    ...statement,
    colour: HUES.variables,
    tooltip: 'Puts a whole number in the variable (a variable holds whole numbers).',
  },
  {
    type: 'math_change',
    message0: 'change %1 by %2',
    args0: [{ type: 'field_variable', name: 'VAR', variable: '%{BKY_VARIABLES_DEFAULT_NAME}' }, number('DELTA')],
    inputsInline: true,
    ...statement,
    colour: HUES.variables,
    tooltip: 'Adds the number to the variable (a negative number takes away).',
  },
  {
    type: 'text',
    message0: '“%1”',
    args0: [{ type: 'field_input', name: 'TEXT', text: '', ariaTypeName: 'text' }],
    output: 'String',
    colour: HUES.text,
    tooltip: 'Some text, to show on the LCD or the serial monitor.',
  },
];

/** Defines the blocks above (again, harmlessly, on a second call). */
export function defineProgramBlocks(): void {
  for (const json of PROGRAM_BLOCKS) {
    Blockly.Blocks[json.type] = {
      init(this: Blockly.Block) {
        this.jsonInit(json);
      },
    };
  }
}
