/*
 * Block programs a learner can start from on the trainer board, as Blockly serialization JSON (what
 * Blockly.serialization.workspaces.save gives and load takes). Written with small builders so each
 * reads as the blocks do.
 */

export interface BlockStarter {
  readonly id: string;
  readonly title: string;
  readonly description: string;
  readonly blocks: object; // serialization JSON
}

interface BlockState {
  readonly type: string;
  readonly x?: number;
  readonly y?: number;
  readonly fields?: Readonly<Record<string, unknown>>;
  readonly inputs?: Readonly<Record<string, { readonly block?: BlockState; readonly shadow?: BlockState }>>;
  readonly next?: { readonly block?: BlockState };
}

const number = (value: number) => ({ shadow: { type: 'math_number', fields: { NUM: value } } });
const value = (block: BlockState, shadow = 0) => ({ ...number(shadow), block });
const variable = (id: string) => ({ VAR: { id } });

/** Statement blocks one under the other, as a statement input holds them. */
function stack(blocks: readonly BlockState[]): { readonly block?: BlockState } {
  const [first, ...rest] = blocks;
  if (!first) return {};
  const next = stack(rest);
  return { block: next.block ? { ...first, next } : first };
}

/** The two blocks every program has, with what is inside each. */
function program(starts: readonly BlockState[], forever: readonly BlockState[], variables: readonly string[] = []) {
  const body = (blocks: readonly BlockState[]) => {
    const inside = stack(blocks);
    return inside.block ? { inputs: { DO: inside } } : {};
  };
  return {
    blocks: {
      languageVersion: 0,
      blocks: [
        { type: 'board_starts', x: 24, y: 24, ...body(starts) },
        { type: 'board_forever', x: 24, y: 136, ...body(forever) },
      ],
    },
    ...(variables.length > 0 ? { variables: variables.map((name) => ({ name, id: name })) } : {}),
  };
}

const turn = (part: string, state: 'ON' | 'OFF'): BlockState => ({
  type: 'part_switch',
  fields: { PART: part, STATE: state },
});
const waitMs = (ms: number): BlockState => ({ type: 'time_wait_ms', inputs: { MS: number(ms) } });

/** An empty program for a circuit: "when the board starts" and "forever" blocks, nothing inside. */
export function emptyBlocks(): object {
  return program([], []);
}

/** One sweep of the servo, a degree at a time, up (+1) or down (−1). */
const sweep = (step: 1 | -1): BlockState => ({
  type: 'control_repeat',
  inputs: {
    TIMES: number(180),
    DO: stack([
      {
        type: 'servo_turn',
        fields: { PART: 'servo' },
        inputs: { ANGLE: value({ type: 'variables_get', fields: variable('angle') }, 90) },
      },
      { type: 'math_change', fields: variable('angle'), inputs: { DELTA: number(step) } },
      waitMs(15),
    ]),
  },
});

/** Starters for the trainer board. */
export const BLOCK_STARTERS: readonly BlockStarter[] = [
  {
    id: 'blink',
    title: 'Blink',
    description: 'The red LED goes on for half a second, then off for half a second, for ever.',
    blocks: program([], [turn('redLed', 'ON'), waitMs(500), turn('redLed', 'OFF'), waitMs(500)]),
  },
  {
    id: 'button',
    title: 'Button',
    description: 'The green LED is on while you hold the button down.',
    blocks: program(
      [],
      [
        {
          type: 'control_if_else',
          inputs: {
            IF: { block: { type: 'part_button_pressed', fields: { PART: 'button' } } },
            DO: stack([turn('greenLed', 'ON')]),
            ELSE: stack([turn('greenLed', 'OFF')]),
          },
        },
      ],
    ),
  },
  {
    id: 'servo-sweep',
    title: 'Servo sweep',
    description: 'The servo’s arm swings slowly from one side to the other, and back.',
    blocks: program(
      [],
      [{ type: 'variables_set', fields: variable('angle'), inputs: { VALUE: number(0) } }, sweep(1), sweep(-1)],
      ['angle'],
    ),
  },
  {
    id: 'distance-alarm',
    title: 'Distance alarm',
    description: 'The buzzer beeps when something is nearer than 10 cm to the distance sensor.',
    blocks: program(
      [],
      [
        {
          type: 'control_if',
          inputs: {
            IF: {
              block: {
                type: 'logic_compare',
                fields: { OP: 'LT' },
                inputs: {
                  A: value({ type: 'part_distance', fields: { PART: 'sonar' } }),
                  B: number(10),
                },
              },
            },
            DO: stack([
              {
                type: 'buzzer_play',
                fields: { PART: 'buzzer' },
                inputs: { FREQUENCY: number(1000), MS: number(100) },
              },
              waitMs(100),
            ]),
          },
        },
      ],
    ),
  },
];
