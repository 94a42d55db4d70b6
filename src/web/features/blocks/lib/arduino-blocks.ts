import * as Blockly from 'blockly/core';
import * as English from 'blockly/msg/en';
import type { Circuit } from '#shared/content/tutorials.ts';
import { HUES } from './block-style.ts';
import { definePartBlocks, PART_BLOCKS } from './blocks-parts.ts';
import { defineProgramBlocks } from './blocks-program.ts';
import { findPart, type PartRole, partsWithRole } from './circuit-parts.ts';

/*
 * The blocks of Blocks mode and the toolbox a circuit offers (docs/blocks.md). The toolbox has a
 * drawer for a kind of part only when the circuit has such a part, and each part block in it
 * already names the circuit's first part of its kind.
 */

export { tieWorkspaceToCircuit } from './workspace-circuit.ts';

/** Registers all our block types (idempotent: safe to call twice), and Blockly's English messages if none are set. */
export function registerArduinoBlocks(): void {
  if (!Blockly.Msg.VARIABLES_DEFAULT_NAME) {
    const messages: Record<string, string> = {};
    for (const [key, text] of Object.entries(English)) if (typeof text === 'string') messages[key] = text;
    Blockly.setLocale(messages);
  }
  defineProgramBlocks();
  definePartBlocks();
}

type ToolboxItem = Blockly.utils.toolbox.ToolboxItemInfo;

const number = (value: number) => ({ shadow: { type: 'math_number', fields: { NUM: value } } });
const text = (value: string) => ({ shadow: { type: 'text', fields: { TEXT: value } } });
const block = (type: string, extra: object = {}): ToolboxItem => ({ kind: 'block', type, ...extra });
const category = (name: string, colour: number, contents: ToolboxItem[]): ToolboxItem => ({
  kind: 'category',
  name,
  colour: String(colour),
  contents,
});

/** What each part block's toolbox entry fills in besides its part. */
const PART_BLOCK_INPUTS: Readonly<Record<string, object>> = {
  servo_turn: { inputs: { ANGLE: number(90) } },
  buzzer_play: { inputs: { FREQUENCY: number(440), MS: number(200) } },
  lcd_print: { inputs: { VALUE: text('Hello!') } },
};

/** The toolbox (categorised JSON ToolboxDefinition) for a circuit: only blocks whose parts the circuit has. */
export function toolboxFor(circuit: Circuit): Blockly.utils.toolbox.ToolboxInfo {
  const partBlocks = (roles: readonly PartRole[]) =>
    PART_BLOCKS.filter(({ role }) => roles.includes(role)).flatMap(({ type, role }) => {
      const [first] = partsWithRole(circuit, role);
      if (!first) return [];
      const fields = role === 'lcd' ? {} : { fields: { PART: first.id } };
      return [block(type, { ...fields, ...PART_BLOCK_INPUTS[type] })];
    });
  const partCategory = (name: string, colour: number, roles: readonly PartRole[]) => {
    const contents = partBlocks(roles);
    return contents.length > 0 ? [category(name, colour, contents)] : [];
  };
  return {
    kind: 'categoryToolbox',
    contents: [
      category('Start', HUES.events, [
        block('board_starts'),
        block('board_forever'),
        block('board_every', { fields: { MS: 1000 } }),
      ]),
      category('Control', HUES.control, [
        block('time_wait_ms', { inputs: { MS: number(500) } }),
        block('time_wait_s', { inputs: { SECONDS: number(1) } }),
        block('control_if'),
        block('control_if_else'),
        block('control_repeat', { inputs: { TIMES: number(10) } }),
      ]),
      category('Logic', HUES.logic, [
        block('logic_compare', { inputs: { A: number(0), B: number(0) } }),
        block('logic_operation'),
        block('logic_negate'),
        block('logic_boolean'),
      ]),
      category('Math', HUES.math, [
        block('math_number'),
        block('math_arithmetic', { inputs: { A: number(1), B: number(1) } }),
        block('math_map', {
          inputs: {
            VALUE: number(512),
            FROM_LOW: number(0),
            FROM_HIGH: number(1023),
            TO_LOW: number(0),
            TO_HIGH: number(180),
          },
        }),
        block('math_constrain', { inputs: { VALUE: number(50), LOW: number(0), HIGH: number(100) } }),
      ]),
      { kind: 'category', name: 'Variables', colour: String(HUES.variables), custom: 'VARIABLE' },
      ...partCategory('LEDs & outputs', HUES.outputs, ['switched']),
      ...partCategory('Sensors', HUES.sensors, ['button', 'detector', 'analog', 'sonar', 'dht']),
      ...partCategory('Servo', HUES.servo, ['servo']),
      ...partCategory('Buzzer', HUES.sound, ['tone']),
      ...partCategory('LCD', HUES.lcd, ['lcd']),
      category('Serial monitor', HUES.serial, [
        block('serial_print', { inputs: { VALUE: text('Hello') } }),
        block('text'),
      ]),
    ],
  };
}

const ROLE_OF_BLOCK: ReadonlyMap<string, PartRole> = new Map(PART_BLOCKS.map(({ type, role }) => [type, role]));

/**
 * The parts serialized blocks name that the circuit does not have (empty when they all fit), e.g.
 * `"redLed" (part_switch)`: a program saved on one circuit and opened on another.
 */
export function unknownParts(json: unknown, circuit: Circuit): string[] {
  const missing = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item);
      return;
    }
    if (typeof value !== 'object' || value === null) return;
    const type = 'type' in value && typeof value.type === 'string' ? value.type : undefined;
    const role = type ? ROLE_OF_BLOCK.get(type) : undefined;
    if (type && role) {
      const fields = 'fields' in value && typeof value.fields === 'object' ? value.fields : null;
      const partId = fields && 'PART' in fields ? String(fields.PART) : undefined;
      if (role === 'lcd' && partsWithRole(circuit, role).length === 0) missing.add(`an LCD (${type})`);
      if (role !== 'lcd' && !(partId && findPart(circuit, role, partId))) missing.add(`"${partId ?? ''}" (${type})`);
    }
    for (const child of Object.values(value)) visit(child);
  };
  visit(json);
  return [...missing];
}
