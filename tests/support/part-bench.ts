import { portBConfig, portCConfig, portDConfig } from 'avr8js';
import { type ArduinoPin, pinAddress } from '#device/simulator/board.ts';
import { Simulation, type SimulationOptions } from '#device/simulator/simulation.ts';
import type { Tutorial, Wire, WiringPart } from '#shared/content/tutorials.ts';

/*
 * A part model's test bench: a board whose program does nothing (its flash is erased to NOPs) with
 * the given parts wired to it. The test drives the Arduino's pins itself, writing the port
 * registers as a sketch's digitalWrite does, and reads the parts' views.
 */

/** An Intel HEX file with only its end record: an empty flash. */
const EMPTY_PROGRAM = ':00000001FF\n';
/** Anywhere in RAM: the empty program keeps no clock, and the bench never fast-forwards. */
const UNUSED_CLOCK = { millis: 0x200, overflowCount: 0x204 };
const PORTS = { B: portBConfig, C: portCConfig, D: portDConfig } as const;

export interface PartBench {
  readonly sim: Simulation;
  /** Makes `pin` an output at the given level. */
  drive(pin: ArduinoPin, high: boolean): void;
  /** Runs `micros` of simulated time (part models are updated every 20 ms of it). */
  wait(micros: number): void;
}

export function partBench(
  parts: readonly WiringPart[],
  wires: readonly Wire[],
  options?: SimulationOptions,
): PartBench {
  const arduino: WiringPart = { id: 'arduino', kind: 'arduino', label: 'Arduino Uno', pins: [] };
  const tutorial: Tutorial = {
    projectId: 0,
    slug: 'bench',
    board: 'uno',
    parts: [arduino, ...parts],
    wires,
    codeRefs: [],
  };
  const sim = new Simulation(tutorial, EMPTY_PROGRAM, UNUSED_CLOCK, options);
  const { cpu } = sim.board;
  return {
    sim,
    drive: (pin, high) => {
      const address = pinAddress(pin);
      if (address?.port === undefined || address.bit === undefined) throw new Error(`${pin} is not a digital pin`);
      const port = PORTS[address.port];
      const mask = 1 << address.bit;
      cpu.writeData(port.DDR, cpu.readData(port.DDR) | mask);
      cpu.writeData(port.PORT, high ? cpu.readData(port.PORT) | mask : cpu.readData(port.PORT) & ~mask);
    },
    wait: (micros) => sim.run(micros / 1000),
  };
}
