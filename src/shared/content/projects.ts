import { text as airQualityMonitor } from './tutorials/air-quality-monitor/text.ts';
import { text as gasLeakAlarmRobot } from './tutorials/gas-leak-alarm-robot/text.ts';
import { text as lineFollowingRobot } from './tutorials/line-following-robot/text.ts';
import { text as medicalAssistanceRobot } from './tutorials/medical-assistance-robot/text.ts';
import { text as plantWateringRobot } from './tutorials/plant-watering-robot/text.ts';
import { text as smartIrrigationRobot } from './tutorials/smart-irrigation-robot/text.ts';
import { text as solarTrackingRobot } from './tutorials/solar-tracking-robot/text.ts';
import { text as wasteSortingRobot } from './tutorials/waste-sorting-robot/text.ts';
import { text as waterQualityRobot } from './tutorials/water-quality-robot/text.ts';

export const DIFFICULTIES = ['Beginner', 'Intermediate', 'Advanced', 'Professional'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

/** Accent colour of a project's card: a key the web app maps to a palette. */
export const PROJECT_COLORS = [
  'green',
  'cyan',
  'teal',
  'sky',
  'amber',
  'orange',
  'blue',
  'lime',
  'rose',
  'violet',
] as const;
export type ProjectColor = (typeof PROJECT_COLORS)[number];

/** The Arduino boards the tutorials are written for. Each project's sketch compiles for its board. */
export const BOARDS = ['uno', 'nano', 'mega'] as const;
export type Board = (typeof BOARDS)[number];
export const BOARD_NAMES: Readonly<Record<Board, string>> = {
  uno: 'Arduino Uno',
  nano: 'Arduino Nano',
  mega: 'Arduino Mega 2560',
};

export interface Project {
  readonly id: number; // 1..9
  readonly slug: string; // kebab-case; names the tutorial page and the sketch file sketches/<slug>.ino
  readonly title: string;
  readonly emoji: string; // one emoji
  readonly description: string; // one sentence, 90-160 characters, says what the robot does and what you learn
  readonly difficulty: Difficulty;
  readonly color: ProjectColor;
  readonly board: Board; // the board the sketch and the wiring are written for
  readonly time: string; // honest build time for a beginner, e.g. "2–3 hours"
  readonly cost: string; // approximate cost of the parts: a 2026 hobby-shop estimate in USD, e.g. "about $35"
  readonly learn: readonly string[]; // 3-5 short "What you will learn" points
  readonly video: { readonly youtubeId: string; readonly title: string }; // id: 11 chars [A-Za-z0-9_-]
  readonly materials: readonly string[]; // 6-10 items, each with a quantity, e.g. "1 × Arduino Uno R3 with USB cable"
  readonly steps: readonly string[]; // 6-12 steps; they follow the sketch in sketches/<slug>.ino (same pins, same names)
  /**
   * 0-based indexes of the steps that are safety warnings ("not a certified detector", water and
   * mains): shown as a warning callout, not ticked, not numbered, not counted. Progress is stored by
   * index, so a step keeps its index when it becomes (or stops being) one.
   */
  readonly safetySteps?: readonly number[];
}

// Each tutorial's words live in its folder (tutorials/<slug>/text.ts, beside its wiring and scenario); costs
// there are 2026 hobby-shop estimates in USD for the parts list, with an Uno- or Nano-compatible board.
export const PROJECTS: readonly Project[] = [
  plantWateringRobot,
  lineFollowingRobot,
  airQualityMonitor,
  wasteSortingRobot,
  solarTrackingRobot,
  gasLeakAlarmRobot,
  waterQualityRobot,
  smartIrrigationRobot,
  medicalAssistanceRobot,
];

export function findProject(id: number): Project | undefined {
  return PROJECTS.find((project) => project.id === id);
}

export function findProjectBySlug(slug: string): Project | undefined {
  return PROJECTS.find((project) => project.slug === slug);
}
