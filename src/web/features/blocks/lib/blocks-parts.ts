import * as Blockly from 'blockly/core';
import { HUES } from './block-style.ts';
import type { PartRole } from './circuit-parts.ts';
import { partOptions } from './workspace-circuit.ts';

/*
 * The blocks for a circuit's parts, named as a learner says them ("turn the red LED on"). A block
 * that names a part has a PART dropdown of the circuit's parts of its role only (workspace-circuit.ts),
 * so it cannot name a part the board does not have.
 */

type BlockJson = Record<string, unknown> & { readonly args0?: readonly unknown[] };

interface PartBlock {
  readonly type: string;
  /** The role of the parts its PART dropdown offers, or of the one part it uses (the LCD). */
  readonly role: PartRole;
  readonly json: BlockJson;
}

const statement = { previousStatement: null, nextStatement: null, inputsInline: true } as const;
const number = (name: string) => ({ type: 'input_value', name, check: 'Number' });
const printable = (name: string) => ({ type: 'input_value', name, check: ['String', 'Number'] });
/** Stands for the PART dropdown in `args0`; replaced by the real one, whose options need the block's workspace. */
const PART = { type: 'part_dropdown' } as const;

export const PART_BLOCKS: readonly PartBlock[] = [
  {
    type: 'part_switch',
    role: 'switched',
    json: {
      message0: 'turn the %1 %2',
      args0: [
        PART,
        {
          type: 'field_dropdown',
          name: 'STATE',
          options: [
            ['on', 'ON'],
            ['off', 'OFF'],
          ],
          ariaTypeName: 'on or off',
        },
      ],
      ...statement,
      colour: HUES.outputs,
      tooltip: 'Switches the part on or off: power goes out of its pin, or stops (digitalWrite).',
    },
  },
  {
    type: 'part_toggle',
    role: 'switched',
    json: {
      message0: 'toggle the %1',
      args0: [PART],
      ...statement,
      colour: HUES.outputs,
      tooltip: 'Switches the part off if it is on, and on if it is off.',
    },
  },
  {
    type: 'part_button_pressed',
    role: 'button',
    json: {
      message0: '%1 is pressed',
      args0: [PART],
      output: 'Boolean',
      colour: HUES.sensors,
      tooltip: 'True while the button is held down.',
    },
  },
  {
    type: 'part_detects',
    role: 'detector',
    json: {
      message0: '%1 detects something',
      args0: [PART],
      output: 'Boolean',
      colour: HUES.sensors,
      tooltip:
        'True while the sensor detects what it is made for: the black line, something in front of it, or metal near.',
    },
  },
  {
    type: 'part_reading',
    role: 'analog',
    json: {
      message0: '%1 reading (0–1023)',
      args0: [PART],
      output: 'Number',
      colour: HUES.sensors,
      tooltip: 'What the sensor or knob measures now, from 0 (0 V on its pin) to 1023 (5 V) (analogRead).',
    },
  },
  {
    type: 'part_distance',
    role: 'sonar',
    json: {
      message0: 'distance in cm from the %1',
      args0: [PART],
      output: 'Number',
      colour: HUES.sensors,
      tooltip: 'How far away the nearest thing in front of the distance sensor is, in centimetres (999: nothing).',
    },
  },
  {
    type: 'part_temperature',
    role: 'dht',
    json: {
      message0: 'temperature in °C from the %1',
      args0: [PART],
      output: 'Number',
      colour: HUES.sensors,
      tooltip: 'The air temperature the sensor measures, in degrees Celsius.',
    },
  },
  {
    type: 'part_humidity',
    role: 'dht',
    json: {
      message0: 'humidity in % from the %1',
      args0: [PART],
      output: 'Number',
      colour: HUES.sensors,
      tooltip: 'How damp the air is, in percent.',
    },
  },
  {
    type: 'servo_turn',
    role: 'servo',
    json: {
      message0: 'turn the %1 to %2 °',
      args0: [PART, number('ANGLE')],
      ...statement,
      colour: HUES.servo,
      tooltip: 'Turns the servo’s arm to this angle, from 0 to 180 degrees.',
    },
  },
  {
    type: 'buzzer_play',
    role: 'tone',
    json: {
      message0: '%1 plays %2 Hz for %3 ms',
      args0: [PART, number('FREQUENCY'), number('MS')],
      ...statement,
      colour: HUES.sound,
      tooltip: 'Plays a note this high (440 Hz is an A) for this many milliseconds, then goes on.',
    },
  },
  {
    type: 'buzzer_stop',
    role: 'tone',
    json: {
      message0: '%1 stops',
      args0: [PART],
      ...statement,
      colour: HUES.sound,
      tooltip: 'Stops the buzzer’s note.',
    },
  },
  {
    type: 'lcd_print',
    role: 'lcd',
    json: {
      message0: 'LCD: print %1 on row %2',
      args0: [
        printable('VALUE'),
        {
          type: 'field_dropdown',
          name: 'ROW',
          options: [
            ['1', '1'],
            ['2', '2'],
          ],
          ariaTypeName: 'row',
        },
      ],
      ...statement,
      colour: HUES.lcd,
      tooltip: 'Shows text or a number on a row of the screen, over what the row showed before (16 letters fit).',
    },
  },
  {
    type: 'lcd_clear',
    role: 'lcd',
    json: {
      message0: 'LCD: clear',
      ...statement,
      colour: HUES.lcd,
      tooltip: 'Empties the screen.',
    },
  },
];

/** Serial printing needs no part: every board has its USB serial. */
export const SERIAL_PRINT_BLOCK: BlockJson = {
  type: 'serial_print',
  message0: 'serial print %1',
  args0: [printable('VALUE')],
  ...statement,
  colour: HUES.serial,
  tooltip: 'Writes text or a number as one line on the serial monitor.',
};

/** Defines the blocks above (again, harmlessly, on a second call). */
export function definePartBlocks(): void {
  for (const { type, role, json } of PART_BLOCKS) {
    Blockly.Blocks[type] = {
      init(this: Blockly.Block) {
        const workspace = this.workspace;
        const args = json.args0?.map((arg) =>
          arg === PART
            ? {
                type: 'field_dropdown',
                name: 'PART',
                options: () => partOptions(workspace, role),
                ariaTypeName: 'part',
              }
            : arg,
        );
        this.jsonInit({ type, ...json, ...(args ? { args0: args } : {}) });
      },
    };
  }
  Blockly.Blocks.serial_print = {
    init(this: Blockly.Block) {
      this.jsonInit(SERIAL_PRINT_BLOCK);
    },
  };
}
