import { closeBrackets, closeBracketsKeymap } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { cpp } from '@codemirror/lang-cpp';
import { bracketMatching, HighlightStyle, indentOnInput, syntaxHighlighting } from '@codemirror/language';
import { type Diagnostic as EditorDiagnostic, lintGutter, setDiagnostics } from '@codemirror/lint';
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
import type { Diagnostic } from '#shared/schemas/sketch-compile.ts';
import type { LineRange } from '../lib/code-anchor.ts';
import { plainWords } from '../lib/compile-messages.ts';

/*
 * The sketch editor: CodeMirror 6, in a chunk of its own that loads only when the learner presses
 * "Edit the code". Colours come from the site's code tokens (app.css), so it follows the theme.
 * Tab indents; Escape then Tab leaves the editor (CodeMirror's own escape from indentWithTab).
 */

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
  '&': {
    backgroundColor: 'var(--code-bg)',
    color: 'var(--text)',
    fontSize: '0.84rem',
    maxHeight: 'min(70vh, 36rem)',
  },
  '&.cm-focused': { outline: '2px solid var(--accent)', outlineOffset: '-2px' },
  '.cm-scroller': { fontFamily: 'var(--font-mono, ui-monospace, monospace)', lineHeight: '1.6' },
  '.cm-content': { caretColor: 'var(--accent)', padding: '0.6rem 0' },
  '.cm-cursor': { borderLeftColor: 'var(--accent)', borderLeftWidth: '2px' },
  '.cm-gutters': {
    backgroundColor: 'var(--code-bg)',
    color: 'var(--muted)',
    borderRight: '1px solid var(--border)',
  },
  '.cm-activeLine': { backgroundColor: 'var(--code-mark)' },
  '.cm-activeLineGutter': { backgroundColor: 'var(--code-mark)', color: 'var(--text)' },
  '&.cm-focused .cm-selectionBackground, .cm-selectionBackground, ::selection': {
    backgroundColor: 'var(--glow) !important',
  },
  '.cm-matchingBracket': { outline: '1px solid var(--accent)', backgroundColor: 'transparent' },
  '.cm-lintRange-error': {
    backgroundImage: 'none',
    textDecoration: 'underline wavy #e5484d',
    textUnderlineOffset: '3px',
  },
  '.cm-lint-marker': { width: '0.9em', height: '0.9em' },
  '.cm-tooltip': { backgroundColor: 'var(--surface)', border: '1px solid var(--border)', color: 'var(--text)' },
  '.cm-diagnostic': { fontFamily: 'var(--font-sans, system-ui)', fontSize: '0.8rem' },
});

export interface CodeEditorProps {
  /** The text the editor opens with (it owns the text after that; a new `resetKey` loads `value` again). */
  value: string;
  resetKey: number;
  onChange: (source: string) => void;
  diagnostics: readonly Diagnostic[];
  /** Lines to bring into view and select (a step card's lines); a new object each time. */
  reveal: { readonly range: LineRange } | null;
  label: string;
}

function toEditorDiagnostics(state: EditorState, diagnostics: readonly Diagnostic[]): EditorDiagnostic[] {
  const { doc } = state;
  return diagnostics.map((diagnostic) => {
    const line = doc.line(Math.min(Math.max(diagnostic.line, 1), doc.lines));
    const from = Math.min(line.from + Math.max(diagnostic.column - 1, 0), line.to);
    const plain = plainWords(diagnostic);
    return {
      from,
      to: from === line.to ? from : line.to,
      severity: diagnostic.severity,
      message: plain ? `${plain.replace(/^Line \d+: /, '')} (${diagnostic.message})` : diagnostic.message,
    };
  });
}

export default function CodeEditor({ value, resetKey, onChange, diagnostics, reveal, label }: CodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const changed = useRef(onChange);
  changed.current = onChange;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the editor owns its text; a new resetKey (revert) reloads it
  useEffect(() => {
    if (!host.current) return;
    const editor = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: value,
        extensions: [
          lineNumbers(),
          highlightActiveLineGutter(),
          highlightActiveLine(),
          history(),
          drawSelection(),
          indentOnInput(),
          bracketMatching(),
          closeBrackets(),
          cpp(),
          syntaxHighlighting(highlight),
          lintGutter(),
          theme,
          EditorView.lineWrapping,
          keymap.of([...closeBracketsKeymap, ...defaultKeymap, ...historyKeymap, indentWithTab]),
          EditorView.contentAttributes.of({ 'aria-label': label, spellcheck: 'false', autocapitalize: 'off' }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) changed.current(update.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
  }, [resetKey, label]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a reloaded editor (resetKey) gets the markers again
  useEffect(() => {
    const editor = view.current;
    if (!editor) return;
    editor.dispatch(setDiagnostics(editor.state, toEditorDiagnostics(editor.state, diagnostics)));
  }, [diagnostics, resetKey]);

  useEffect(() => {
    const editor = view.current;
    if (!editor || !reveal) return;
    const { doc } = editor.state;
    const from = doc.line(Math.min(reveal.range.from, doc.lines));
    const to = doc.line(Math.min(Math.max(reveal.range.to, reveal.range.from), doc.lines));
    editor.dispatch({
      selection: { anchor: from.from, head: to.to },
      effects: EditorView.scrollIntoView(from.from, { y: 'center' }),
    });
    editor.focus();
  }, [reveal]);

  return <div ref={host} className="code-editor" data-code-editor="" />;
}
