/**
 * Each step's drawing as the tutorial page crops it (`focusDiagramOnStep` in step-diagram.ts),
 * worked out from the wiring diagram at build time: the page holds the drawing's exact place while
 * the diagram loads, so a step's card does not grow when it comes (decision 023). The same helpers
 * as the page's, on the SVG's own attributes.
 */
import { DomUtils, parseDocument } from 'htmlparser2';
import {
  type Box,
  boundingBox,
  MIN_PIN_LABEL_PX,
  partsOfWire,
  pathPoints,
  STEP_CROP_MARGIN,
} from '../../src/web/features/projects/lib/step-diagram.ts';

/** The cropped drawing's width and height (its viewBox, in drawing units) and its least width in px. */
export type StepCrop = readonly [width: number, height: number, minWidthPx: number];

type Element = NonNullable<ReturnType<typeof DomUtils.findOne>>;

const hasClass = (element: Element, name: string) => (element.attribs.class ?? '').split(/\s+/).includes(name);
const numberOf = (element: Element, name: string) => Number(element.attribs[name] ?? Number.NaN);

/** Per step (0-based, `stepCount` of them): its crop, or null for a step that adds no wire. */
export function stepCrops(svg: string, stepCount: number): (StepCrop | null)[] {
  const all = DomUtils.findAll(() => true, parseDocument(svg, { xmlMode: true }).children);
  const wires = all.filter((element) => element.name === 'path' && hasClass(element, 'wd-wire'));
  const parts = all.filter((element) => element.name === 'g' && 'data-part' in element.attribs);
  const root = all.find((element) => element.name === 'svg');
  const label = all.find((element) => hasClass(element, 'wd-pin-label')) ?? root;
  const labelUnits = (label && numberOf(label, 'font-size')) || 12;
  return Array.from({ length: stepCount }, (_, step) => {
    const mine = wires.filter((wire) => wire.attribs['data-step'] === String(step));
    if (mine.length === 0) return null;
    const runs = mine.map((wire) => pathPoints(wire.attribs.d ?? ''));
    const joined = new Set(mine.flatMap((wire) => partsOfWire(wire.attribs['data-wire'] ?? '')));
    const boxes: Box[] = [];
    for (const part of parts) {
      if (!joined.has(part.attribs['data-part'] ?? '')) continue;
      const rect = DomUtils.findOne((e) => e.name === 'rect' && hasClass(e, 'wd-part'), part.children, true);
      if (rect) {
        boxes.push({
          x: numberOf(rect, 'x'),
          y: numberOf(rect, 'y'),
          width: numberOf(rect, 'width'),
          height: numberOf(rect, 'height'),
        });
      }
    }
    const box = boundingBox(boxes, runs.flat(), STEP_CROP_MARGIN);
    return box && [box.width, box.height, Math.ceil((box.width * MIN_PIN_LABEL_PX) / labelUnits)];
  });
}
