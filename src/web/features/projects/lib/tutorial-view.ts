import { STEP_TITLES } from '#shared/content/step-titles.ts';
import type { CodeRef, Tutorial, WireColor } from '#shared/content/tutorials.ts';
import * as tutorials from '#shared/content/tutorials.ts';
import { wiringDiagramHeight } from '#shared/content/wiring-layout.ts';

/*
 * The page imports this module dynamically: with the tutorials' data it is a chunk of its own,
 * loaded only by tutorial pages (the route's JavaScript budget).
 */

type TutorialContent = typeof tutorials;

export interface WireEndView {
  readonly part: string;
  /** The part's name, e.g. "Soil moisture sensor". */
  readonly label: string;
  readonly pin: string;
}

/** A wire as the page shows it: its ends by name, its colour, its step, and the sentence for it. */
export interface Connection {
  readonly from: WireEndView;
  readonly to: WireEndView;
  readonly color: WireColor;
  /** 0-based index of the step that adds the wire. */
  readonly step: number | undefined;
  /** "Soil moisture sensor AOUT → Arduino Uno A0, yellow wire". */
  readonly description: string;
}

/** A step's drawing as cropped: width and height in drawing units, least width in px (step-diagram.ts). */
export type StepCrop = readonly [width: number, height: number, minWidthPx: number];

export interface StepDetails {
  readonly connections: readonly Connection[];
  readonly codeRefs: readonly CodeRef[];
  /** The size of its drawing, held while the diagram loads; null when it adds no wire. */
  readonly crop: StepCrop | null;
}

/** What the tutorial page needs of a tutorial, worked out once when its chunk arrives. */
export interface TutorialView {
  readonly slug: string;
  readonly connections: readonly Connection[];
  /** Per step of the project (same index): the wires it adds and the code it is about. */
  readonly steps: readonly StepDetails[];
  /** The wiring diagram's height in pixels, held while the diagram loads. */
  readonly diagramHeight: number;
  /** A short title per step of the project (same index), e.g. "Wire the soil sensor". */
  readonly stepTitles: readonly string[];
}

export function tutorialView(
  content: TutorialContent,
  tutorial: Tutorial,
  stepCount: number,
  crops: readonly (StepCrop | null)[] = [],
): TutorialView {
  const endOf = (end: string): WireEndView => {
    const { part, pin } = content.splitWireEnd(end);
    return { part, pin, label: tutorial.parts.find((p) => p.id === part)?.label ?? part };
  };
  const byWire = new Map(
    tutorial.wires.map((wire) => [
      wire,
      {
        from: endOf(wire.from),
        to: endOf(wire.to),
        color: wire.color,
        step: wire.step,
        description: content.describeWire(tutorial, wire),
      } satisfies Connection,
    ]),
  );
  return {
    slug: tutorial.slug,
    connections: [...byWire.values()],
    steps: Array.from({ length: stepCount }, (_, index) => ({
      connections: content
        .wiresForStep(tutorial, index)
        .map((wire) => byWire.get(wire))
        .filter((connection) => connection !== undefined),
      codeRefs: content.codeRefsForStep(tutorial, index),
      crop: crops[index] ?? null,
    })),
    diagramHeight: wiringDiagramHeight(tutorial.parts, tutorial.wires),
    stepTitles: STEP_TITLES[tutorial.slug] ?? [],
  };
}

/** The view of the tutorial with this slug, or null when there is none; `crops` from `virtual:step-crops`. */
export function tutorialViewOf(
  slug: string,
  stepCount: number,
  crops?: readonly (StepCrop | null)[],
): TutorialView | null {
  const tutorial = tutorials.findTutorial(slug);
  return tutorial ? tutorialView(tutorials, tutorial, stepCount, crops) : null;
}
