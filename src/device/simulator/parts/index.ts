import type { PartKind } from '#shared/content/tutorials.ts';
import { dht11 } from './dht11.ts';
import { ds3231 } from './ds3231.ts';
import { hcSr04 } from './hc-sr04.ts';
import {
  inductiveSensor,
  irLineSensor,
  irObstacleSensor,
  ldr,
  moistureBoard,
  mq2,
  mq135,
  phSensor,
  potentiometer,
  pushButton,
  soilMoistureSensor,
  tdsSensor,
  thermistor,
  turbiditySensor,
} from './inputs.ts';
import { lcdI2c } from './lcd-i2c.ts';
import { lcdParallel } from './lcd-parallel.ts';
import { dcMotor, l298nDriver } from './motor-driver.ts';
import { activeBuzzer, led, passiveBuzzer, relayModule, waterPump } from './outputs.ts';
import { type PartFactory, passivePart } from './part.ts';
import { servoMg996r, servoSg90 } from './servo.ts';
import { uln2003Stepper } from './stepper.ts';

/** The model of every kind of part the tutorials wire (docs/tutorials.md, "Adding a part model"). */
export const PART_MODELS: Readonly<Record<PartKind, PartFactory>> = {
  arduino: passivePart,
  'breadboard-rail': passivePart,
  battery: passivePart,
  'resistor-10k': passivePart,
  'soil-moisture-sensor': soilMoistureSensor,
  'moisture-board': moistureBoard,
  'relay-module': relayModule,
  'water-pump': waterPump,
  'ir-line-sensor': irLineSensor,
  'ir-obstacle-sensor': irObstacleSensor,
  'inductive-sensor': inductiveSensor,
  'push-button': pushButton,
  potentiometer,
  'hc-sr04': hcSr04,
  mq2,
  mq135,
  'ph-sensor': phSensor,
  'tds-sensor': tdsSensor,
  'turbidity-sensor': turbiditySensor,
  ldr,
  thermistor,
  led,
  'active-buzzer': activeBuzzer,
  'passive-buzzer': passiveBuzzer,
  'l298n-driver': l298nDriver,
  'dc-motor': dcMotor,
  'servo-sg90': servoSg90,
  'servo-mg996r': servoMg996r,
  ds3231,
  'uln2003-stepper': uln2003Stepper,
  dht11,
  'lcd-i2c': lcdI2c,
  'lcd-parallel': lcdParallel,
};
