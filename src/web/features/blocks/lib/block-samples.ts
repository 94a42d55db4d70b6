import type { Circuit } from '#shared/content/tutorials.ts';
import { PART_BLOCKS, SERIAL_PRINT_BLOCK } from './blocks-parts.ts';
import { PROGRAM_BLOCKS } from './blocks-program.ts';
import { partsWithRole } from './circuit-parts.ts';

/*
 * Every block type, in a program of its own with each input filled, and all of them in one program:
 * what the tests generate and compile on each circuit (a block's C++ must compile alone and beside
 * the others, without a warning). A value block goes where its type fits: a number or text into
 * "serial print", a true/false into "if".
 */

interface BlockState {
  readonly type: string;
  readonly fields?: Readonly<Record<string, unknown>>;
  readonly inputs?: Readonly<Record<string, { readonly block?: BlockState; readonly shadow?: BlockState }>>;
  readonly next?: { readonly block: BlockState };
}

export interface BlockSample {
  readonly type: string;
  readonly blocks: object; // serialization JSON
}

/** Every block type there is, in the order they are defined. */
export const BLOCK_TYPES: readonly string[] = [
  ...PROGRAM_BLOCKS.map((block) => block.type),
  ...PART_BLOCKS.map((block) => block.type),
  String(SERIAL_PRINT_BLOCK.type),
];

const VARIABLE = { id: 'sample-count', name: 'count' };
const num = (value: number): BlockState => ({ type: 'math_number', fields: { NUM: value } });
const filled = (block: BlockState) => ({ block });
const variable = { VAR: { id: VARIABLE.id } };
const wait = (ms: number): BlockState => ({ type: 'time_wait_ms', inputs: { MS: filled(num(ms)) } });
const print = (value: BlockState): BlockState => ({ type: 'serial_print', inputs: { VALUE: filled(value) } });
const when = (condition: BlockState): BlockState => ({
  type: 'control_if',
  inputs: { IF: filled(condition), DO: filled(wait(1)) },
});

function chain(blocks: readonly BlockState[]): BlockState | undefined {
  const [first, ...rest] = blocks;
  if (!first) return undefined;
  const next = chain(rest);
  return next ? { ...first, next: { block: next } } : first;
}

/** The block of that type with its inputs filled, on this circuit, or undefined when the circuit has no part for it. */
function sample(type: string, circuit: Circuit, variant = 0): BlockState | undefined {
  const part = PART_BLOCKS.find((block) => block.type === type);
  const parts = part ? partsWithRole(circuit, part.role) : [];
  const first = parts[variant % Math.max(1, parts.length)];
  if (part && !first) return undefined;
  const named = part && part.role !== 'lcd' && first ? { PART: first.id } : {};
  const withPart = (state: Omit<BlockState, 'type'> = {}): BlockState => ({
    type,
    ...state,
    fields: { ...named, ...state.fields },
  });
  switch (type) {
    case 'time_wait_ms':
      return wait(100);
    case 'time_wait_s':
      return {
        type,
        inputs: { SECONDS: filled(variant === 0 ? num(1) : { type: 'variables_get', fields: variable }) },
      };
    case 'control_if':
      return when({ type: 'logic_boolean', fields: { BOOL: 'TRUE' } });
    case 'control_if_else':
      return {
        type,
        inputs: {
          IF: filled({ type: 'logic_boolean', fields: { BOOL: 'FALSE' } }),
          DO: filled(wait(1)),
          ELSE: filled(wait(2)),
        },
      };
    case 'control_repeat':
      return {
        type,
        inputs: { TIMES: filled(num(3)), DO: filled((variant === 0 && sample(type, circuit, 1)) || wait(1)) },
      };
    case 'variables_set':
      return { type, fields: variable, inputs: { VALUE: filled(num(5)) } };
    case 'math_change':
      return { type, fields: variable, inputs: { DELTA: filled(num([2, 1, -1, -3][variant % 4] ?? 2)) } };
    case 'math_number':
      return print(num(-2.5));
    case 'math_arithmetic':
      return print({
        type,
        fields: { OP: ['ADD', 'MINUS', 'MULTIPLY', 'DIVIDE'][variant % 4] },
        inputs: {
          A: filled({ type, fields: { OP: 'MINUS' }, inputs: { A: filled(num(7)), B: filled(num(2)) } }),
          B: filled(num(3)),
        },
      });
    case 'math_map':
      return print({
        type,
        inputs: Object.fromEntries(
          ['VALUE', 'FROM_LOW', 'FROM_HIGH', 'TO_LOW', 'TO_HIGH'].map((input, i) => [
            input,
            filled(num([512, 0, 1023, 0, 180][i] ?? 0)),
          ]),
        ),
      });
    case 'math_constrain':
      return print({ type, inputs: { VALUE: filled(num(150)), LOW: filled(num(0)), HIGH: filled(num(100)) } });
    case 'logic_compare':
      return when({
        type,
        fields: { OP: ['LT', 'LTE', 'EQ', 'NEQ', 'GTE', 'GT'][variant % 6] },
        inputs: { A: filled({ type: 'variables_get', fields: variable }), B: filled(num(10)) },
      });
    case 'logic_operation': {
      const inner = { type, fields: { OP: 'AND' }, inputs: { A: filled(tf(true)), B: filled(tf(false)) } };
      return when({
        type,
        fields: { OP: variant === 0 ? 'OR' : 'AND' },
        inputs: { A: filled(tf(false)), B: filled(inner) },
      });
    }
    case 'logic_negate':
      return when({ type, inputs: { BOOL: filled(tf(false)) } });
    case 'logic_boolean':
      return when(tf(true));
    case 'variables_get':
      return print({ type, fields: variable });
    case 'text':
      return print({ type, fields: { TEXT: 'Say "hi" \\ ??= done' } });
    case 'serial_print':
      return print({ type: 'text', fields: { TEXT: 'Hello' } });
    case 'part_switch':
      return withPart({ fields: { STATE: variant === 0 ? 'ON' : 'OFF' } });
    case 'part_toggle':
    case 'buzzer_stop':
    case 'lcd_clear':
      return withPart();
    case 'part_button_pressed':
    case 'part_detects':
      return when(withPart());
    case 'part_reading':
    case 'part_distance':
    case 'part_temperature':
    case 'part_humidity':
      return print(withPart());
    case 'servo_turn':
      return withPart({ inputs: { ANGLE: filled(num(45)) } });
    case 'buzzer_play':
      return withPart({ inputs: { FREQUENCY: filled(num(440)), MS: filled(num(50)) } });
    case 'lcd_print':
      return withPart({
        fields: { ROW: variant === 0 ? '1' : '2' },
        inputs: { VALUE: filled(variant === 0 ? { type: 'text', fields: { TEXT: 'Hi' } } : num(42)) },
      });
    default:
      return undefined;
  }
}

const tf = (value: boolean): BlockState => ({ type: 'logic_boolean', fields: { BOOL: value ? 'TRUE' : 'FALSE' } });

/** A program: "when the board starts" and "forever" with these blocks inside, and maybe "every N ms" blocks. */
function program(starts: readonly BlockState[], forever: readonly BlockState[], every: readonly BlockState[][] = []) {
  const top = (type: string, y: number, inside: readonly BlockState[], fields?: object) => {
    const body = chain(inside);
    return { type, x: 20, y, ...(fields ? { fields } : {}), ...(body ? { inputs: { DO: { block: body } } } : {}) };
  };
  return {
    blocks: {
      languageVersion: 0,
      blocks: [
        top('board_starts', 20, starts),
        top('board_forever', 200, forever),
        ...every.map((inside, i) => top('board_every', 400 + 100 * i, inside, { MS: 250 * (i + 1) })),
      ],
    },
    variables: [VARIABLE],
  };
}

/** Each block type the circuit can have, alone in a program. */
export function blockSamples(circuit: Circuit): readonly BlockSample[] {
  return BLOCK_TYPES.flatMap((type) => {
    if (type === 'board_starts') return [{ type, blocks: program([wait(1)], []) }];
    if (type === 'board_forever') return [{ type, blocks: program([], [wait(1)]) }];
    if (type === 'board_every') return [{ type, blocks: program([], [], [[wait(1)]]) }];
    const block = sample(type, circuit);
    return block ? [{ type, blocks: program([], [block]) }] : [];
  });
}

/** Every block the circuit can have, with every choice of their dropdowns, in one program. */
export function everyBlockProgram(circuit: Circuit): object {
  const seen = new Set<string>();
  const blocks = BLOCK_TYPES.flatMap((type) =>
    [0, 1, 2, 3, 4, 5].flatMap((variant) => {
      const block = sample(type, circuit, variant);
      const key = JSON.stringify(block);
      if (!block || seen.has(key)) return [];
      seen.add(key);
      return [block];
    }),
  );
  const half = Math.ceil(blocks.length / 2);
  return program(blocks.slice(0, 3), blocks.slice(0, half), [blocks.slice(half), [wait(1)]]);
}
