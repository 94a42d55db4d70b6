/*
 * A step card asks for its lines of the sketch; while the learner's editor is open, the editor shows
 * them (in the learner's version) instead of the reader with the tutorial's code (issue 32). A DOM
 * event, because the step cards (projects) and the editor (code-editor) are separate features.
 */

export interface LineRequest {
  /** Lines of the tutorial's own sketch, 1-based, inclusive. */
  readonly from: number;
  readonly to: number;
}

const SHOW_LINES_EVENT = 'roboforge:show-lines-in-editor';

/** Asks an open editor to show these lines of the tutorial's sketch; true when one took the request. */
export function showLinesInEditor(range: LineRequest): boolean {
  if (typeof window === 'undefined') return false;
  const event = new CustomEvent<LineRequest>(SHOW_LINES_EVENT, { detail: range, cancelable: true });
  return !window.dispatchEvent(event);
}

/** The open editor's side: `show` takes each request; returns what stops listening. */
export function onShowLinesInEditor(show: (range: LineRequest) => void): () => void {
  const listener = (event: Event) => {
    if (!(event instanceof CustomEvent)) return;
    const detail: unknown = event.detail;
    if (
      typeof detail === 'object' &&
      detail !== null &&
      'from' in detail &&
      'to' in detail &&
      typeof detail.from === 'number' &&
      typeof detail.to === 'number'
    ) {
      event.preventDefault();
      show({ from: detail.from, to: detail.to });
    }
  };
  window.addEventListener(SHOW_LINES_EVENT, listener);
  return () => window.removeEventListener(SHOW_LINES_EVENT, listener);
}
