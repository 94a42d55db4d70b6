import { stepTitles as airQualityMonitor } from './tutorials/air-quality-monitor/step-titles.ts';
import { stepTitles as gasLeakAlarmRobot } from './tutorials/gas-leak-alarm-robot/step-titles.ts';
import { stepTitles as lineFollowingRobot } from './tutorials/line-following-robot/step-titles.ts';
import { stepTitles as medicalAssistanceRobot } from './tutorials/medical-assistance-robot/step-titles.ts';
import { stepTitles as plantWateringRobot } from './tutorials/plant-watering-robot/step-titles.ts';
import { stepTitles as smartIrrigationRobot } from './tutorials/smart-irrigation-robot/step-titles.ts';
import { stepTitles as solarTrackingRobot } from './tutorials/solar-tracking-robot/step-titles.ts';
import { stepTitles as wasteSortingRobot } from './tutorials/waste-sorting-robot/step-titles.ts';
import { stepTitles as waterQualityRobot } from './tutorials/water-quality-robot/step-titles.ts';

/**
 * Each tutorial's step titles by slug, for the tutorial page's steps (web/features/projects/lib/
 * tutorial-view.ts): they come in its chunk with the tutorials' wiring, not with the catalog's
 * `Project`s, which `/projects` and the dashboard load too (decision 023).
 */
export const STEP_TITLES: Readonly<Record<string, readonly string[]>> = {
  'plant-watering-robot': plantWateringRobot,
  'line-following-robot': lineFollowingRobot,
  'air-quality-monitor': airQualityMonitor,
  'waste-sorting-robot': wasteSortingRobot,
  'solar-tracking-robot': solarTrackingRobot,
  'gas-leak-alarm-robot': gasLeakAlarmRobot,
  'water-quality-robot': waterQualityRobot,
  'smart-irrigation-robot': smartIrrigationRobot,
  'medical-assistance-robot': medicalAssistanceRobot,
};

/** The longest a step title may be: it must fit one line of a step's heading at 375 px. */
export const STEP_TITLE_MAX_CHARS = 28;
