import { Spinner } from '#web/components/ui/spinner.tsx';

/** A circuit's wiring diagram (build-time SVG), scrolling sideways on a narrow screen. */
export function CircuitDiagram({ svg, label }: { svg: string | undefined; label: string }) {
  return (
    <figure className="tray overflow-hidden">
      <div
        className="wiring-scroll overflow-x-auto p-4"
        role="img"
        aria-label={label}
        aria-busy={svg === undefined}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
        tabIndex={0}
      >
        {svg ? (
          <div className="wiring-zoom mx-auto w-fit">
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: built from our typed content at build time */}
            <div className="wiring-svg" dangerouslySetInnerHTML={{ __html: svg }} />
          </div>
        ) : (
          <div className="grid min-h-72 place-items-center">
            <Spinner label="Drawing the board…" />
          </div>
        )}
      </div>
    </figure>
  );
}
