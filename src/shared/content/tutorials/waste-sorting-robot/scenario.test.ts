import { describe, expect, it } from 'vitest';
import type { Simulation } from '#device/simulator/simulation.ts';
import { simulate } from '#test/sketch-program.ts';

// The tutorial's words: "once the IR sensor sees an item it pauses 1 second, checks metal first,
// then moisture, and otherwise treats the item as dry. It turns the chute, opens the trapdoor for
// 1 second, closes it and waits 2 seconds." The sketch's angles: CHUTE_METAL_ANGLE 30,
// CHUTE_WET_ANGLE 90, CHUTE_DRY_ANGLE 150, TRAPDOOR_CLOSED_ANGLE 0, TRAPDOOR_OPEN_ANGLE 90.
const CHUTE = { metal: 30, wet: 90, dry: 150 };
const TRAPDOOR_OPEN = 90;
const TRAPDOOR_CLOSED = 0;
/** Moisture board readings: a damp sponge (about 370 of 1023) and dry paper (1023); WET_BELOW is 800. */
const WET_PERCENT = 80;
const DRY_PERCENT = 0;
/**
 * The sketch's pulses come out some microseconds longer than map() says (digitalWrite takes time,
 * and timer 0's interrupt may land in a pulse), as on the real board: the arms stop 1–2° further on.
 */
const SERVO_SLACK_DEGREES = 3;

/** An angle within SERVO_SLACK_DEGREES of `degrees` (closeTo's precision p means a difference below 10^−p / 2). */
const near = (degrees: number) => expect.closeTo(degrees, -Math.log10(2 * SERVO_SLACK_DEGREES));

function angle(sim: Simulation, id: string): number {
  const view = sim.view(id);
  return view.kind === 'servo' ? view.angle : Number.NaN;
}

/** The robot after its first second, when both servos have reached their start positions. */
function ready(): Simulation {
  const sim = simulate('waste-sorting-robot');
  sim.run(100);
  sim.fastForward(1000);
  sim.run(200);
  return sim;
}

/** Puts an item on the trapdoor and follows the sort until the trapdoor has closed again. */
function sort(sim: Simulation, item: { metal: boolean; moisturePercent: number }) {
  sim.set('metal', 'on', item.metal ? 1 : 0);
  sim.set('moisture', 'moisture', item.moisturePercent);
  sim.set('ir', 'on', 1);
  // The 1 s pause for the item to stop rolling, skipped.
  sim.run(20);
  sim.fastForward(1000);
  const samples: { chute: number; trapdoor: number }[] = [];
  for (let ms = 0; ms < 2200; ms += 40) {
    sim.run(40);
    const trapdoor = angle(sim, 'trapdoor');
    samples.push({ chute: angle(sim, 'chute'), trapdoor });
    // The item has slid down the chute: nothing is in front of the sensor any more.
    if (trapdoor > TRAPDOOR_OPEN - SERVO_SLACK_DEGREES) sim.set('ir', 'on', 0);
  }
  const opened = samples.findIndex(({ trapdoor }) => trapdoor > TRAPDOOR_CLOSED);
  return {
    /** Where the chute pointed when the trapdoor began to open. */
    chuteWhenOpening: samples[opened]?.chute,
    widest: Math.max(...samples.map(({ trapdoor }) => trapdoor)),
    /** Where the trapdoor was at the end. */
    closedAt: samples.at(-1)?.trapdoor,
  };
}

describe('Waste Sorting Robot', () => {
  it('says it is ready, with the trapdoor closed and the chute at the dry bin', () => {
    const sim = ready();
    expect(sim.serial).toContain('Waste Sorting Robot ready');
    expect(angle(sim, 'trapdoor')).toEqual(near(TRAPDOOR_CLOSED));
    expect(angle(sim, 'chute')).toEqual(near(CHUTE.dry));
  });

  it('sorts nothing while nothing is in front of the IR sensor', () => {
    const sim = ready();
    sim.run(300);
    expect(angle(sim, 'trapdoor')).toEqual(near(TRAPDOOR_CLOSED));
    expect(sim.serial).not.toMatch(/Metal|Wet|Dry/);
  });

  it('turns the chute to the metal bin for metal, checked first: a wet can is still metal', () => {
    const sim = ready();
    const result = sort(sim, { metal: true, moisturePercent: WET_PERCENT });
    expect(sim.serial).toContain('Metal');
    expect(result).toEqual({
      chuteWhenOpening: near(CHUTE.metal),
      widest: near(TRAPDOOR_OPEN),
      closedAt: near(TRAPDOOR_CLOSED),
    });
  });

  it('turns the chute to the wet bin for a wet item, then opens the trapdoor and closes it', () => {
    const sim = ready();
    const result = sort(sim, { metal: false, moisturePercent: WET_PERCENT });
    expect(sim.serial).toContain('Wet');
    expect(result).toEqual({
      chuteWhenOpening: near(CHUTE.wet),
      widest: near(TRAPDOOR_OPEN),
      closedAt: near(TRAPDOOR_CLOSED),
    });
  });

  it('treats anything else as dry: the chute stays at the dry bin and the trapdoor drops it there', () => {
    const sim = ready();
    const result = sort(sim, { metal: false, moisturePercent: DRY_PERCENT });
    expect(sim.serial).toContain('Dry');
    expect(result).toEqual({
      chuteWhenOpening: near(CHUTE.dry),
      widest: near(TRAPDOOR_OPEN),
      closedAt: near(TRAPDOOR_CLOSED),
    });
  });
});
