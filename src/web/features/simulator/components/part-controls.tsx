import { type KeyboardEvent, memo, type PointerEvent, useId, useRef } from 'react';
import type { Control } from '#device/simulator/parts/part.ts';
import { cn } from '#web/lib/cn.ts';
import { controlValueText } from '../lib/part-look.ts';
import type { ControlEntry } from '../lib/protocol.ts';

type Slider = Extract<Control, { type: 'slider' }>;
type Switch = Extract<Control, { type: 'switch' }>;

interface ControlProps<C extends Control> {
  control: C;
  disabled: boolean;
  onChange(value: number): void;
}

/** A sensor's reading: named after the part ("Soil moisture sensor"), with its value and unit. */
function SliderControl({ control, disabled, onChange }: ControlProps<Slider>) {
  const id = useId();
  const valueText = controlValueText(control);
  const ends = (value: number) => controlValueText({ ...control, value });
  return (
    <div className="sim-control">
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={id} className="text-sm font-semibold">
          {control.label}
        </label>
        <output htmlFor={id} className="font-mono text-sm font-semibold text-accent tabular-nums">
          {valueText}
        </output>
      </div>
      <input
        id={id}
        type="range"
        className="sim-range"
        min={control.min}
        max={control.max}
        step={control.step}
        value={control.value}
        aria-valuetext={valueText}
        disabled={disabled}
        onChange={(event) => onChange(Number(event.target.value))}
      />
      <div className="flex justify-between gap-3 font-mono text-xs text-muted" aria-hidden="true">
        <span>
          {ends(control.min)}
          {control.ends ? <span className="font-sans"> · {control.ends[0]}</span> : null}
        </span>
        <span className="text-right">
          {control.ends ? <span className="font-sans">{control.ends[1]} · </span> : null}
          {ends(control.max)}
        </span>
      </div>
    </div>
  );
}

/** Something the part sees (tape under it, an item in front), switched on and off. */
function SwitchControl({ control, disabled, onChange }: ControlProps<Switch>) {
  const id = useId();
  const on = control.value !== 0;
  return (
    <div className="sim-control flex items-center justify-between gap-3">
      <div className="min-w-0">
        <p id={`${id}-label`} className="text-sm font-semibold">
          {control.label}
        </p>
        <p id={`${id}-state`} className="text-sm text-muted">
          {on ? control.onText : control.offText}
        </p>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-state`}
        disabled={disabled}
        onClick={() => onChange(on ? 0 : 1)}
        className="sim-switch"
      >
        <span className="sim-switch-thumb" />
      </button>
    </div>
  );
}

/**
 * A push button: pressed while the pointer or the key (Space, Enter) is held on it, released when
 * it lets go, leaves or loses focus.
 */
function MomentaryControl({ control, disabled, onChange }: ControlProps<Switch>) {
  const id = useId();
  const held = useRef(false);
  const press = (down: boolean) => {
    if (held.current === down) return;
    held.current = down;
    onChange(down ? 1 : 0);
  };
  const pressed = control.value !== 0;
  const onPointerDown = (event: PointerEvent<HTMLButtonElement>) => {
    if (event.button !== 0) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    press(true);
  };
  const onKey = (down: boolean) => (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== ' ' && event.key !== 'Enter') return;
    event.preventDefault();
    if (down && event.repeat) return;
    press(down);
  };
  return (
    <div className="sim-control flex items-center justify-between gap-3">
      <div className="min-w-0">
        <p id={`${id}-label`} className="text-sm font-semibold">
          {control.label}
        </p>
        <p id={`${id}-state`} className="text-sm text-muted">
          {pressed ? control.onText : `${control.offText}: hold to press`}
        </p>
      </div>
      <button
        type="button"
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-state`}
        aria-pressed={pressed}
        disabled={disabled}
        onPointerDown={onPointerDown}
        onPointerUp={() => press(false)}
        onPointerCancel={() => press(false)}
        onLostPointerCapture={() => press(false)}
        onKeyDown={onKey(true)}
        onKeyUp={onKey(false)}
        onBlur={() => press(false)}
        onContextMenu={(event) => event.preventDefault()}
        className={cn('sim-push', pressed && 'sim-push-down')}
      >
        <span className="sim-push-cap" />
      </button>
    </div>
  );
}

/** The learner's inputs: every slider and switch the tutorial's parts offer. */
export const PartControls = memo(function PartControls({
  controls,
  disabled,
  onChange,
}: {
  controls: readonly ControlEntry[];
  disabled: boolean;
  onChange(partId: string, key: string, value: number): void;
}) {
  return (
    <ul className="flex flex-col divide-y divide-border">
      {controls.map(({ partId, control }) => {
        const change = (value: number) => onChange(partId, control.key, value);
        return (
          <li key={`${partId}.${control.key}`} className="py-3 first:pt-0 last:pb-0">
            {control.type === 'slider' ? (
              <SliderControl control={control} disabled={disabled} onChange={change} />
            ) : control.momentary ? (
              <MomentaryControl control={control} disabled={disabled} onChange={change} />
            ) : (
              <SwitchControl control={control} disabled={disabled} onChange={change} />
            )}
          </li>
        );
      })}
    </ul>
  );
});
