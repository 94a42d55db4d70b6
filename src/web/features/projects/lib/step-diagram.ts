/*
 * One wiring diagram (drawn at build time, shared with the simulator) shown for one step: the wires
 * the step adds at full strength, the rest faded, cropped to the parts those wires join. Works on
 * the drawing's own attributes (data-step, data-wire, data-part, coordinates), so it needs no layout.
 */

export interface Point {
  readonly x: number;
  readonly y: number;
}

export interface Box {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** The corners of a wire's path as the renderer writes it: `M x y` then `H x` and `V y` runs. */
export function pathPoints(d: string): Point[] {
  const points: Point[] = [];
  let x = 0;
  let y = 0;
  for (const [, command, a, b] of d.matchAll(/([MHV])\s*(-?[\d.]+)(?:[\s,]+(-?[\d.]+))?/g)) {
    if (command === 'M') {
      x = Number(a);
      y = Number(b);
    } else if (command === 'H') x = Number(a);
    else y = Number(a);
    points.push({ x, y });
  }
  return points;
}

/** Whether `p` lies on the polyline through `points` (runs are horizontal or vertical). */
export function onPolyline(p: Point, points: readonly Point[], tolerance = 0.5): boolean {
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1];
    const b = points[i];
    if (!a || !b) continue;
    const inX = p.x >= Math.min(a.x, b.x) - tolerance && p.x <= Math.max(a.x, b.x) + tolerance;
    const inY = p.y >= Math.min(a.y, b.y) - tolerance && p.y <= Math.max(a.y, b.y) + tolerance;
    if (inX && inY) return true;
  }
  return false;
}

/** The smallest box holding every box and point given, with `margin` around it. */
export function boundingBox(boxes: readonly Box[], points: readonly Point[], margin: number): Box | null {
  const xs = [...boxes.flatMap((b) => [b.x, b.x + b.width]), ...points.map((p) => p.x)];
  const ys = [...boxes.flatMap((b) => [b.y, b.y + b.height]), ...points.map((p) => p.y)];
  if (xs.length === 0) return null;
  const x = Math.min(...xs) - margin;
  const y = Math.min(...ys) - margin;
  return { x, y, width: Math.max(...xs) + margin - x, height: Math.max(...ys) + margin - y };
}

/** The part ids at the ends of a wire, from its `data-wire="part.pin→part.pin"`. */
export function partsOfWire(wire: string): string[] {
  return wire.split('→').map((end) => end.slice(0, Math.max(0, end.indexOf('.'))));
}

/** The smallest a cropped step's pin labels are drawn, in CSS pixels (11, and room for rounding). */
export const MIN_PIN_LABEL_PX = 11.5;
/** The room left around a step's parts and wires when its drawing is cropped, in drawing units. */
export const STEP_CROP_MARGIN = 8;

const numberOf = (element: Element, name: string) => Number(element.getAttribute(name) ?? Number.NaN);

/**
 * Fades every wire, dot and part of `svg` that the step (0-based; null: none) does not touch; with
 * `crop`, also sets the drawing's viewBox, width and height to the parts the step's wires join.
 * Returns whether the step adds any wire.
 */
export function focusDiagramOnStep(svg: SVGSVGElement, step: number | null, { crop = false } = {}): boolean {
  const wires = [...svg.querySelectorAll('path.wd-wire')];
  const mine = wires.filter((wire) => step !== null && wire.getAttribute('data-step') === String(step));
  const runs = mine.map((wire) => pathPoints(wire.getAttribute('d') ?? ''));
  const fade = (element: Element | null, faded: boolean) => element?.classList.toggle('wd-faded', faded);
  const focusing = step !== null;
  for (const wire of wires) {
    const faded = focusing && !mine.includes(wire);
    fade(wire, faded);
    const casing = wire.previousElementSibling;
    if (casing?.classList.contains('wd-wire-casing')) fade(casing, faded);
  }
  for (const dot of svg.querySelectorAll('circle.wd-wire-end, circle.wd-junction')) {
    const at = { x: numberOf(dot, 'cx'), y: numberOf(dot, 'cy') };
    fade(dot, focusing && !runs.some((run) => onPolyline(at, run)));
  }
  const joined = new Set(mine.flatMap((wire) => partsOfWire(wire.getAttribute('data-wire') ?? '')));
  const pins = new Set(mine.flatMap((wire) => (wire.getAttribute('data-wire') ?? '').split('→')));
  for (const pin of svg.querySelectorAll('circle.wd-pin')) {
    pin.classList.toggle('wd-pin-focus', pins.has(pin.getAttribute('data-pin') ?? ''));
  }
  const boxes: Box[] = [];
  for (const part of svg.querySelectorAll('g[data-part]')) {
    const inStep = joined.has(part.getAttribute('data-part') ?? '');
    fade(part, focusing && !inStep);
    const rect = part.querySelector('rect.wd-part');
    if (inStep && rect) {
      boxes.push({
        x: numberOf(rect, 'x'),
        y: numberOf(rect, 'y'),
        width: numberOf(rect, 'width'),
        height: numberOf(rect, 'height'),
      });
    }
  }
  if (crop) {
    // The same box as the build works out for the drawing's place (scripts/tutorial-assets/step-crops.ts).
    const box = boundingBox(boxes, runs.flat(), STEP_CROP_MARGIN);
    if (box) {
      svg.setAttribute('viewBox', `${box.x} ${box.y} ${box.width} ${box.height}`);
      svg.setAttribute('width', String(box.width));
      svg.setAttribute('height', String(box.height));
      // Never so small that a pin label reads under 11 px: a narrow screen scrolls it sideways instead.
      const labelUnits = numberOf(svg.querySelector('.wd-pin-label') ?? svg, 'font-size') || 12;
      svg.style.minWidth = `${Math.ceil((box.width * MIN_PIN_LABEL_PX) / labelUnits)}px`;
    }
  }
  return mine.length > 0;
}
