import type { BlockGenerators } from './arduino-code-generator.ts';
import { DETECTING_LEVEL, objectName, pressedLevel } from './circuit-parts.ts';
import { ORDER } from './cpp.ts';

/*
 * The C++ of the part blocks (blocks-parts.ts). Each names its part through `generator.part()`,
 * which marks the part as used: its pin constant, object and setup lines come from
 * sketch-context.ts, once, however many blocks use it.
 */

export const PART_GENERATORS: BlockGenerators = {
  part_switch: (block, generator) => {
    const pin = generator.context.pinName(generator.part(block, 'switched'));
    return `digitalWrite(${pin}, ${block.getFieldValue('STATE') === 'OFF' ? 'LOW' : 'HIGH'});\n`;
  },
  part_toggle: (block, generator) => {
    // An output pin reads back the level it was last set to.
    const pin = generator.context.pinName(generator.part(block, 'switched'));
    return `digitalWrite(${pin}, !digitalRead(${pin}));\n`;
  },
  part_button_pressed: (block, generator) => {
    const part = generator.part(block, 'button');
    const pin = generator.context.pinName(part);
    return [`digitalRead(${pin}) == ${pressedLevel(generator.circuit, part.id)}`, ORDER.EQUALITY];
  },
  part_detects: (block, generator) => {
    const part = generator.part(block, 'detector');
    const level = DETECTING_LEVEL[part.kind] ?? 'HIGH';
    return [`digitalRead(${generator.context.pinName(part)}) == ${level}`, ORDER.EQUALITY];
  },
  part_reading: (block, generator) => [
    `analogRead(${generator.context.pinName(generator.part(block, 'analog'))})`,
    ORDER.CALL,
  ],
  part_distance: (block, generator) => {
    const part = generator.part(block, 'sonar');
    const [trig, echo] = [generator.context.pinName(part, 'TRIG'), generator.context.pinName(part, 'ECHO')];
    return [`readDistanceCm(${trig}, ${echo})`, ORDER.CALL];
  },
  part_temperature: (block, generator) => [
    `${objectName(generator.part(block, 'dht').id)}.readTemperature()`,
    ORDER.CALL,
  ],
  part_humidity: (block, generator) => [`${objectName(generator.part(block, 'dht').id)}.readHumidity()`, ORDER.CALL],
  servo_turn: (block, generator) => {
    const servo = objectName(generator.part(block, 'servo').id);
    return `${servo}.write(${generator.valueOr(block, 'ANGLE', ORDER.NONE, '90')});\n`;
  },
  buzzer_play: (block, generator) => {
    const pin = generator.context.pinName(generator.part(block, 'tone'));
    const frequency = generator.valueOr(block, 'FREQUENCY', ORDER.NONE, '440');
    const ms = generator.valueOr(block, 'MS', ORDER.NONE, '0');
    return `tone(${pin}, ${frequency});\ndelay(${ms});\nnoTone(${pin});\n`;
  },
  buzzer_stop: (block, generator) => `noTone(${generator.context.pinName(generator.part(block, 'tone'))});\n`,
  lcd_print: (block, generator) => {
    generator.onlyPart(block, 'lcd');
    generator.context.markHelperUsed('showOnLcd');
    const row = block.getFieldValue('ROW') === '2' ? 1 : 0;
    // Text goes as it is; a number becomes its digits (String's number constructors are explicit).
    const value = generator.valueOr(block, 'VALUE', ORDER.NONE, '""');
    const text = block.getInputTargetBlock('VALUE')?.type === 'text' || value === '""' ? value : `String(${value})`;
    return `showOnLcd(${row}, ${text});\n`;
  },
  lcd_clear: (block, generator) => {
    generator.onlyPart(block, 'lcd');
    return 'lcd.clear();\n';
  },
  serial_print: (block, generator) => {
    generator.context.markSerialUsed();
    return `Serial.println(${generator.valueOr(block, 'VALUE', ORDER.NONE, '""')});\n`;
  },
};
