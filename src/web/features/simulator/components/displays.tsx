import { cn } from '#web/lib/cn.ts';

/*
 * The parts that show text: the 16 × 2 LCD and the real-time clock, as a card shows them (large,
 * readable) and as the diagram shows them (inside the part's box).
 */

const LCD_COLUMNS = 16;

/** The LCD's two lines, each padded to its 16 columns. */
function lcdRows(lines: readonly string[]): string[] {
  return [0, 1].map((row) => (lines[row] ?? '').slice(0, LCD_COLUMNS).padEnd(LCD_COLUMNS, ' '));
}

export function LcdScreen({ lines, backlight }: { lines: readonly string[]; backlight: boolean }) {
  return (
    <div className={cn('sim-lcd', backlight ? 'sim-lcd-lit' : 'sim-lcd-dark')} translate="no">
      {lcdRows(lines).map((row, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the LCD's rows are fixed
        <div key={index} className="sim-lcd-row">
          {[...row].map((char, column) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the LCD's character cells are fixed
            <span key={column} className="sim-lcd-cell">
              {char}
            </span>
          ))}
        </div>
      ))}
    </div>
  );
}

/** The same screen drawn in the diagram, `width` wide at (x, y). */
export function LcdInDiagram({
  lines,
  backlight,
  x,
  y,
  width,
}: {
  lines: readonly string[];
  backlight: boolean;
  x: number;
  y: number;
  width: number;
}) {
  const fontSize = Math.min(10, (width - 10) / (LCD_COLUMNS * 0.62));
  return (
    <g className={backlight ? 'sim-lcd-svg sim-lcd-lit' : 'sim-lcd-svg sim-lcd-dark'}>
      <rect x={x} y={y} width={width} height={fontSize * 2 * 1.3 + 10} rx="3" className="sim-lcd-glass" />
      {lcdRows(lines).map((row, index) => (
        <text
          // biome-ignore lint/suspicious/noArrayIndexKey: the LCD's rows are fixed
          key={index}
          x={x + 5}
          y={y + 5 + fontSize * (index + 1) * 1.25}
          fontSize={fontSize}
          className="sim-lcd-text"
          xmlSpace="preserve"
        >
          {row}
        </text>
      ))}
    </g>
  );
}

/** 'YYYY-MM-DD HH:MM:SS' as the clock's card shows it: the time large, the date under it. */
export function ClockFace({ time }: { time: string }) {
  const [date, clock] = time.split(' ');
  return (
    <div className="sim-clock" translate="no">
      <span className="font-mono text-xl font-bold tabular-nums">{clock ?? time}</span>
      {clock ? <span className="font-mono text-xs opacity-75">{date}</span> : null}
    </div>
  );
}
