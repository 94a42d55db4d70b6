import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { cpp } from '@codemirror/lang-cpp';
import { bracketMatching, HighlightStyle, indentOnInput, syntaxHighlighting } from '@codemirror/language';
import { type Diagnostic as LintDiagnostic, lintGutter, setDiagnostics } from '@codemirror/lint';
import { EditorState } from '@codemirror/state';
import {
  drawSelection,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  keymap,
  lineNumbers,
} from '@codemirror/view';
import { tags } from '@lezer/highlight';
import { useEffect, useRef } from 'react';
import type { PlainDiagnostic } from '#web/lib/plain-words.ts';

/** The site's code colours (site.css, both themes), so the editor reads like the sketch beside it. */
const highlight = HighlightStyle.define([
  { tag: [tags.keyword, tags.controlKeyword, tags.operatorKeyword, tags.modifier], color: 'var(--code-keyword)' },
  { tag: [tags.string, tags.character], color: 'var(--code-string)' },
  { tag: [tags.comment, tags.lineComment, tags.blockComment], color: 'var(--code-comment)', fontStyle: 'italic' },
  { tag: [tags.number, tags.bool, tags.null], color: 'var(--code-number)' },
  { tag: [tags.typeName, tags.standard(tags.typeName)], color: 'var(--code-type)' },
  { tag: [tags.function(tags.variableName), tags.function(tags.propertyName)], color: 'var(--code-title)' },
  { tag: [tags.processingInstruction, tags.macroName, tags.meta], color: 'var(--code-meta)' },
]);

const theme = EditorView.theme({
  // As tall as its text, long lines wrapped: the page scrolls, not a box inside it, so there is no
  // second scroll region for a keyboard to reach (axe's scrollable-region-focusable).
  // A window onto the sketch, not the whole of it: Run, the mistakes and the simulator stay in reach
  // (a 150-line sketch was 2,400 px tall, 4,500 px on a phone, its error message far below the line).
  '&': { backgroundColor: 'var(--code-bg)', color: 'var(--text)', fontSize: '0.875rem', maxHeight: 'min(65vh, 38rem)' },
  '.cm-scroller': { fontFamily: 'var(--font-mono)', lineHeight: '1.6', overflow: 'auto' },
  '.cm-content': { caretColor: 'var(--accent)', padding: '0.5rem 0' },
  '.cm-gutters': { backgroundColor: 'var(--code-bg)', color: 'var(--muted)', borderRight: '1px solid var(--border)' },
  '.cm-activeLine': { backgroundColor: 'var(--code-mark)' },
  '.cm-activeLineGutter': { backgroundColor: 'var(--code-mark)', color: 'var(--text)' },
  '&.cm-focused': { outline: '2px solid var(--accent)', outlineOffset: '-2px' },
  '&.cm-focused .cm-cursor': { borderLeftColor: 'var(--accent)' },
  '.cm-selectionBackground, &.cm-focused .cm-selectionBackground': { backgroundColor: 'var(--accent-soft)' },
  '.cm-lintRange-error': { textDecoration: 'underline wavy #e5484d', textUnderlineOffset: '3px' },
});

export interface CodeEditorProps {
  /** The text when the editor opens; afterwards the editor owns it and reports changes. */
  initial: string;
  onChange: (source: string) => void;
  /** Marked on their lines in the gutter. */
  diagnostics: readonly PlainDiagnostic[];
  /** Names the editor for a screen reader, e.g. "Your version of plant-watering-robot.ino". */
  label: string;
  /** A new value replaces the text (Back to the tutorial's code, another device's version). */
  replaceWith?: { readonly source: string; readonly generation: number };
  /**
   * A new value puts the cursor at the start of that line (or selects through `toLine`, a step's
   * lines), scrolled into view, and focuses the editor.
   */
  goTo?: {
    readonly line: number;
    readonly toLine?: number | undefined;
    /** False: only scroll the line into view (after a failed Run, focus stays on the button). */
    readonly focus?: boolean | undefined;
    readonly generation: number;
  };
}

/**
 * CodeMirror 6 with C++ highlighting, line numbers, undo and bracket matching, in the site's
 * colours. Tab indents; Escape then Tab leaves the editor (CodeMirror's tab focus mode), so the
 * keyboard is never trapped. Loaded only when the learner asks to edit (its own chunk).
 */
export function CodeEditor({ initial, onChange, diagnostics, label, replaceWith, goTo }: CodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const changed = useRef(onChange);
  changed.current = onChange;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the editor is made once; `initial` only seeds it
  useEffect(() => {
    if (!host.current) return;
    const created = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: initial,
        extensions: [
          lineNumbers(),
          highlightActiveLineGutter(),
          history(),
          drawSelection(),
          indentOnInput(),
          bracketMatching(),
          highlightActiveLine(),
          cpp(),
          syntaxHighlighting(highlight),
          lintGutter(),
          keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab]),
          theme,
          EditorView.lineWrapping,
          EditorView.contentAttributes.of({
            'aria-label': label,
            // Said outright (a contenteditable is focusable anyway) so checkers see the scrolling
            // window's keyboard access: the editor itself, not one more tab stop.
            tabindex: '0',
            autocapitalize: 'off',
            autocorrect: 'off',
            spellcheck: 'false',
          }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) changed.current(update.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = created;
    return () => {
      created.destroy();
      view.current = null;
    };
  }, []);

  useEffect(() => {
    const editor = view.current;
    if (!editor || !replaceWith) return;
    editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: replaceWith.source } });
  }, [replaceWith]);

  useEffect(() => {
    const editor = view.current;
    if (!editor || !goTo) return;
    const { doc } = editor.state;
    const line = doc.line(Math.min(Math.max(1, goTo.line), doc.lines));
    const last = goTo.toLine === undefined ? line : doc.line(Math.min(Math.max(goTo.line, goTo.toLine), doc.lines));
    if (goTo.focus === false) {
      // Only the editor's own window scrolls: the page, with Run and the message under the editor, stays.
      editor.dispatch({ selection: { anchor: line.from } });
      const scroller = editor.scrollDOM;
      scroller.scrollTop = Math.max(0, editor.lineBlockAt(line.from).top - scroller.clientHeight / 2);
      return;
    }
    editor.dispatch({
      selection: last === line ? { anchor: line.from } : { anchor: line.from, head: last.to },
      effects: EditorView.scrollIntoView(line.from, { y: 'center' }),
    });
    editor.focus();
  }, [goTo]);

  useEffect(() => {
    const editor = view.current;
    if (!editor) return;
    const doc = editor.state.doc;
    const marks: LintDiagnostic[] = diagnostics
      .filter((diagnostic) => diagnostic.line >= 1 && diagnostic.line <= doc.lines)
      .map((diagnostic) => {
        const line = doc.line(diagnostic.line);
        return {
          from: line.from,
          to: line.to,
          severity: diagnostic.severity,
          message: `${diagnostic.plain} (${diagnostic.compiler})`,
        };
      });
    editor.dispatch(setDiagnostics(editor.state, marks));
  }, [diagnostics]);

  return (
    <div
      ref={host}
      className="code-editor min-h-64 overflow-hidden rounded-lg border border-border"
      data-code-editor=""
    />
  );
}
