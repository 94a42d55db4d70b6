import type { Control, PartView } from '#device/simulator/parts/part.ts';
import type { PartKind } from '#shared/content/tutorials.ts';

/*
 * How the page puts a part's state into words and colours: the same words on the output cards,
 * in the diagram's titles and for screen readers.
 */

/** Parts with nothing of their own to show: the board, rails, batteries, fixed resistors, a driver whose motors show it. */
const NOTHING_TO_SHOW: ReadonlySet<PartKind> = new Set([
  'arduino',
  'breadboard-rail',
  'battery',
  'resistor-10k',
  'l298n-driver',
]);

/** A part that should show something but has no model yet: drawn, and said to be not simulated. */
export function awaitsModel(kind: PartKind, view: PartView | undefined): boolean {
  return !NOTHING_TO_SHOW.has(kind) && (view === undefined || view.kind === 'passive');
}

/** Views the page draws as an output (inputs show their control's value instead). */
export function isOutput(view: PartView | undefined): view is Exclude<PartView, { kind: 'input' | 'passive' }> {
  return view !== undefined && view.kind !== 'input' && view.kind !== 'passive';
}

const percent = (fraction: number) => `${Math.round(fraction * 100)} %`;

/** Below this, an LED or a motor is off: PWM at 1 % is not something a learner sees. */
const OFF_BELOW = 0.02;

export function describeView(view: PartView): string {
  switch (view.kind) {
    case 'led':
      return view.brightness < OFF_BELOW
        ? 'Off'
        : view.brightness > 0.98
          ? 'On'
          : `On, ${percent(view.brightness)} bright`;
    case 'buzzer':
      return view.sounding ? 'Beeping' : 'Silent';
    case 'relay':
      return view.closed ? 'Closed: switched on' : 'Open: switched off';
    case 'pump':
      return view.running ? 'Pumping' : 'Stopped';
    case 'motor':
      if (Math.abs(view.speed) < OFF_BELOW) return 'Stopped';
      return `${view.speed > 0 ? 'Forward' : 'Backward'}, ${percent(Math.abs(view.speed))} speed`;
    case 'servo':
      return `Arm at ${Math.round(view.angle)}°`;
    case 'stepper':
      return `Shaft at ${Math.round(normalDegrees(view.angle))}° (${view.steps} steps)`;
    case 'lcd':
      return view.lines.some((line) => line.trim() !== '')
        ? `Shows “${view.lines.map((line) => line.trimEnd()).join(' / ')}”`
        : view.backlight
          ? 'Lit, blank'
          : 'Dark';
    case 'clock':
      return view.time;
    case 'input':
      return 'Input';
    case 'passive':
      return 'Not simulated yet';
  }
}

/** Whether the part is doing something now: its box on the diagram lights up. */
export function isActive(view: PartView | undefined): boolean {
  switch (view?.kind) {
    case 'led':
      return view.brightness >= OFF_BELOW;
    case 'buzzer':
      return view.sounding;
    case 'relay':
      return view.closed;
    case 'pump':
      return view.running;
    case 'motor':
      return Math.abs(view.speed) >= OFF_BELOW;
    default:
      return false;
  }
}

export function normalDegrees(angle: number): number {
  return ((angle % 360) + 360) % 360;
}

/** An LED's colour, from its name ("Red LED with 220 Ω resistor"); amber when it has none. */
export function ledColor(label: string): string {
  const name = label.toLowerCase();
  if (name.includes('red')) return '#ff3b30';
  if (name.includes('green')) return '#22c55e';
  if (name.includes('blue')) return '#3b82f6';
  if (name.includes('yellow')) return '#facc15';
  if (name.includes('white')) return '#f8fafc';
  return '#f59e0b';
}

/** A control's value as the learner reads it: "20 %", "350 ppm", "On the black tape". */
export function controlValueText(control: Control): string {
  if (control.type === 'switch') return control.value !== 0 ? control.onText : control.offText;
  const decimals = control.step < 1 ? Math.min(2, Math.ceil(-Math.log10(control.step))) : 0;
  const value = control.value.toFixed(decimals);
  return control.unit ? `${value} ${control.unit}` : value;
}

/** Simulated time as a stopwatch shows it: `00:12.4`, `1:02:03.4` past an hour. */
export function formatSimTime(millis: number): string {
  const tenths = Math.floor(millis / 100);
  const seconds = Math.floor(tenths / 10) % 60;
  const minutes = Math.floor(tenths / 600) % 60;
  const hours = Math.floor(tenths / 36_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  const clock = `${pad(minutes)}:${pad(seconds)}.${tenths % 10}`;
  return hours > 0 ? `${hours}:${clock}` : clock;
}

/** The time as words for screen readers: "12.4 seconds", "3 minutes 2 seconds". */
export function spokenSimTime(millis: number): string {
  const seconds = Math.floor(millis / 1000);
  const minutes = Math.floor(seconds / 60);
  if (minutes === 0) return `${(millis / 1000).toFixed(1)} seconds`;
  return `${minutes} minute${minutes === 1 ? '' : 's'} ${seconds % 60} second${seconds % 60 === 1 ? '' : 's'}`;
}
