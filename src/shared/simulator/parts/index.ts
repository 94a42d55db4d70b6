import type { PartKind } from '../../content/tutorials.ts';
import { dht11 } from './dht11.ts';
import {
  inductiveSensor,
  irLineSensor,
  irObstacleSensor,
  ldr,
  moistureBoard,
  mq2,
  mq135,
  phSensor,
  pushButton,
  soilMoistureSensor,
  tdsSensor,
  thermistor,
  turbiditySensor,
} from './inputs.ts';
import { lcdI2c } from './lcd-i2c.ts';
import { activeBuzzer, led, relayModule, waterPump } from './outputs.ts';
import { type PartFactory, passivePart } from './part.ts';

/** The model of every kind of part the tutorials wire (README, "Adding a part model"). */
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
  mq2,
  mq135,
  'ph-sensor': phSensor,
  'tds-sensor': tdsSensor,
  'turbidity-sensor': turbiditySensor,
  ldr,
  thermistor,
  led,
  'active-buzzer': activeBuzzer,
  dht11,
  'lcd-i2c': lcdI2c,
  // Not modelled yet: these parts are drawn but do nothing in the simulator.
  'l298n-driver': passivePart,
  'dc-motor': passivePart,
  'servo-sg90': passivePart,
  'servo-mg996r': passivePart,
  ds3231: passivePart,
  'uln2003-stepper': passivePart,
};
