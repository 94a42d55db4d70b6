import * as Blockly from 'blockly/core';
import { afterEach, describe, expect, it } from 'vitest';
import { TRAINER_BOARD } from '#shared/content/trainer-board.ts';
import { findTutorial, TUTORIALS } from '#shared/content/tutorials.ts';
import { registerArduinoBlocks, tieWorkspaceToCircuit, toolboxFor, unknownParts } from './arduino-blocks.ts';
import { BLOCK_TYPES } from './block-samples.ts';
import { BLOCK_STARTERS } from './block-starters.ts';

function tutorial(slug: string) {
  const found = findTutorial(slug);
  if (!found) throw new Error(`No tutorial ${slug}`);
  return found;
}

/** The block types a toolbox offers, by category name. */
function toolboxTypes(toolbox: Blockly.utils.toolbox.ToolboxInfo): Map<string, string[]> {
  const byCategory = new Map<string, string[]>();
  for (const item of toolbox.contents) {
    if (!('name' in item) || typeof item.name !== 'string') continue;
    const contents = 'contents' in item && Array.isArray(item.contents) ? item.contents : [];
    byCategory.set(
      item.name,
      contents.flatMap((entry) => ('type' in entry && typeof entry.type === 'string' ? [entry.type] : [])),
    );
  }
  return byCategory;
}

let workspaces: Blockly.Workspace[] = [];
function workspaceFor(circuit: Parameters<typeof tieWorkspaceToCircuit>[1]): Blockly.Workspace {
  registerArduinoBlocks();
  const workspace = new Blockly.Workspace();
  tieWorkspaceToCircuit(workspace, circuit);
  workspaces.push(workspace);
  return workspace;
}
afterEach(() => {
  for (const workspace of workspaces) workspace.dispose();
  workspaces = [];
});

/** The labels and values a block's PART dropdown offers. */
function partOptions(workspace: Blockly.Workspace, type: string): [string, string][] {
  const field = workspace.newBlock(type).getField('PART');
  if (!(field instanceof Blockly.FieldDropdown)) throw new Error(`${type} has no PART dropdown`);
  return field.getOptions(false).map((option) => [String(option[0]), String(option[1])]);
}

describe('the blocks', () => {
  it('registers every block type, twice without harm, each with a tooltip and a colour', () => {
    registerArduinoBlocks();
    registerArduinoBlocks();
    const workspace = workspaceFor(TRAINER_BOARD);
    for (const type of BLOCK_TYPES) {
      const block = workspace.newBlock(type);
      expect(block.getColour(), type).toMatch(/^#[0-9a-f]{6}$/);
      expect(String(block.getTooltip()).length, type).toBeGreaterThan(10);
    }
  });

  it('offers the trainer board its servo, LCD and buzzer drawers, with every block of the toolbox defined', () => {
    registerArduinoBlocks();
    const types = toolboxTypes(toolboxFor(TRAINER_BOARD));
    expect([...types.keys()]).toEqual([
      'Start',
      'Control',
      'Logic',
      'Math',
      'Variables',
      'LEDs & outputs',
      'Sensors',
      'Servo',
      'Buzzer',
      'LCD',
      'Serial monitor',
    ]);
    expect(types.get('Servo')).toEqual(['servo_turn']);
    expect(types.get('Buzzer')).toEqual(['buzzer_play', 'buzzer_stop']);
    expect(types.get('LCD')).toEqual(['lcd_print', 'lcd_clear']);
    expect(types.get('Sensors')).toEqual(['part_button_pressed', 'part_reading', 'part_distance']);
    for (const type of [...types.values()].flat()) expect(Blockly.Blocks[type], type).toBeDefined();
  });

  it('leaves out the drawers of parts a circuit does not have', () => {
    const types = toolboxTypes(toolboxFor(tutorial('air-quality-monitor')));
    expect(types.has('Servo')).toBe(false);
    expect(types.has('Buzzer')).toBe(false);
    expect(types.get('LCD')).toEqual(['lcd_print', 'lcd_clear']);
    expect(types.get('Sensors')).toEqual(['part_reading', 'part_temperature', 'part_humidity']);
    const plant = toolboxTypes(toolboxFor(tutorial('plant-watering-robot')));
    expect(plant.has('LCD')).toBe(false);
    expect(plant.get('LEDs & outputs')).toEqual(['part_switch', 'part_toggle']);
  });

  it("fills a part block of the toolbox with the circuit's first part of its kind", () => {
    const toolbox = toolboxFor(tutorial('gas-leak-alarm-robot'));
    const outputs = toolbox.contents.find((item) => 'name' in item && item.name === 'LEDs & outputs');
    expect(outputs && 'contents' in outputs ? outputs.contents[0] : undefined).toEqual({
      kind: 'block',
      type: 'part_switch',
      fields: { PART: 'buzzer' },
    });
  });

  it("offers in a part dropdown only the circuit's parts of that kind, by name", () => {
    const trainer = workspaceFor(TRAINER_BOARD);
    expect(partOptions(trainer, 'part_switch')).toEqual([
      ['green LED', 'greenLed'],
      ['yellow LED', 'yellowLed'],
      ['red LED', 'redLed'],
    ]);
    expect(partOptions(trainer, 'part_reading')).toEqual([['potentiometer', 'pot']]);
    // A screen reader hears what the dropdown chooses, not only the part's name.
    expect(trainer.newBlock('part_toggle').getField('PART')?.getAriaTypeName()).toBe('part');
    expect(partOptions(trainer, 'part_distance')).toEqual([['distance sensor (HC-SR04)', 'sonar']]);
    const gasAlarm = workspaceFor(tutorial('gas-leak-alarm-robot'));
    expect(partOptions(gasAlarm, 'part_switch')).toEqual([
      ['active buzzer', 'buzzer'],
      ['red LED with 220 Ω resistor', 'redLed'],
      ['green LED with 220 Ω resistor', 'greenLed'],
    ]);
    expect(partOptions(gasAlarm, 'servo_turn')).toEqual([['(none on this circuit)', '']]);
    const sorter = workspaceFor(tutorial('waste-sorting-robot'));
    expect(partOptions(sorter, 'servo_turn').map(([, id]) => id)).toEqual(['trapdoor', 'chute']);
    expect(partOptions(sorter, 'part_detects').map(([, id]) => id)).toEqual(['ir', 'metal']);
  });

  it('keeps a loaded part that the circuit has, and finds the ones it does not', () => {
    const workspace = workspaceFor(TRAINER_BOARD);
    const [blink] = BLOCK_STARTERS;
    if (!blink) throw new Error('no starters');
    Blockly.serialization.workspaces.load(blink.blocks, workspace);
    const parts = workspace
      .getAllBlocks(true)
      .filter((block) => block.type === 'part_switch')
      .map((block) => block.getFieldValue('PART'));
    expect(parts).toEqual(['redLed', 'redLed']);
    expect(unknownParts(blink.blocks, TRAINER_BOARD)).toEqual([]);
    expect(unknownParts(blink.blocks, tutorial('plant-watering-robot'))).toEqual(['"redLed" (part_switch)']);
  });

  it('lets each tutorial circuit with an LCD print on it, and no other', () => {
    const lcdCircuits = TUTORIALS.filter((t) => toolboxTypes(toolboxFor(t)).has('LCD')).map((t) => t.slug);
    expect(lcdCircuits).toEqual(
      TUTORIALS.filter((t) => t.parts.some((part) => part.kind === 'lcd-i2c')).map((t) => t.slug),
    );
    expect(lcdCircuits.length).toBeGreaterThan(0);
  });
});
