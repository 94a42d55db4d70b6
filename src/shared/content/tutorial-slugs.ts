/**
 * The tutorials' slugs in catalog order, without their content: what a schema checks a slug against.
 * Not in project-ids.ts, which the home page loads: it would carry these to every first visit.
 */
export const TUTORIAL_SLUGS: readonly string[] = [
  'plant-watering-robot',
  'line-following-robot',
  'air-quality-monitor',
  'waste-sorting-robot',
  'solar-tracking-robot',
  'gas-leak-alarm-robot',
  'water-quality-robot',
  'smart-irrigation-robot',
  'medical-assistance-robot',
];
