import { TRAINER_PINS } from '#shared/content/trainer-board.ts';

/** The trainer board's pins: which part is on which pin, and how a sketch uses it. */
export function PinTable({ caption = 'The trainer board’s pins' }: { caption?: string }) {
  return (
    // Scrolls sideways on a phone; focusable so a keyboard can scroll it too.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
    <section className="overflow-x-auto rounded-xl border border-border" aria-label={caption} tabIndex={0}>
      <table className="w-full min-w-[34rem] border-collapse text-left text-sm" data-pin-table="">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-surface-2/60 text-xs text-muted">
          <tr>
            <th scope="col" className="px-3 py-2 font-semibold">
              Pin
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              Part
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              In a sketch
            </th>
          </tr>
        </thead>
        <tbody>
          {TRAINER_PINS.map((row) => (
            <tr key={row.pin} className="border-t border-border align-top">
              <th scope="row" className="px-3 py-2 font-mono font-semibold whitespace-nowrap">
                {row.pin}
              </th>
              <td className="px-3 py-2 whitespace-nowrap">{row.part}</td>
              <td className="px-3 py-2 font-mono text-xs leading-relaxed text-muted">{row.use}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
