/*
 * The blocks' colours, one hue (0–360, Blockly's HSV hue) per toolbox category, so a learner sees
 * which drawer a block came from. Blockly derives the shades for both themes from it.
 */
export const HUES = {
  events: 45,
  control: 120,
  logic: 210,
  math: 230,
  variables: 330,
  text: 160,
  outputs: 10,
  sensors: 290,
  servo: 185,
  sound: 70,
  lcd: 260,
  serial: 140,
} as const;
