import * as Blockly from 'blockly/core';

/**
 * Blockly in the site's colours, both themes at once: its surfaces take the page's CSS variables
 * (`--surface`, `--text`…), which the `dark` class on <html> switches, so the workspace follows a
 * theme change without being made again. The blocks keep their own hues (each category one).
 */
export function roboforgeTheme(): Blockly.Theme {
  return Blockly.Theme.defineTheme('roboforge', {
    name: 'roboforge',
    base: Blockly.Themes.Classic,
    componentStyles: {
      workspaceBackgroundColour: 'var(--code-bg)',
      toolboxBackgroundColour: 'var(--surface)',
      toolboxForegroundColour: 'var(--text)',
      flyoutBackgroundColour: 'var(--surface-2)',
      flyoutForegroundColour: 'var(--text)',
      flyoutOpacity: 0.97,
      scrollbarColour: 'var(--muted)',
      scrollbarOpacity: 0.5,
      insertionMarkerColour: 'var(--accent)',
      insertionMarkerOpacity: 0.4,
      cursorColour: 'var(--accent)',
    },
    fontStyle: { family: 'ui-sans-serif, system-ui, sans-serif', weight: '600', size: 12 },
  });
}
