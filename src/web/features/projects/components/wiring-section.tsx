import { RotateCcw } from 'lucide-react';
import { memo } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import type { TutorialAssetsState } from '../api/tutorial-assets.ts';
import type { TutorialView, WireEndView } from '../lib/tutorial-view.ts';
import { JumpLink } from './jump-link.tsx';
import { TutorialSection } from './tutorial-section.tsx';
import { WireSwatch } from './wire-swatch.tsx';

const CAPTION = 'Wiring diagram — the connection table below lists every wire';

/** A wire end as the part's name and the pin, the pin set in mono. */
function WireEnd({ end: { label, pin } }: { end: WireEndView }) {
  return (
    <>
      {label}{' '}
      <span className="pin-chip" translate="no">
        {pin}
      </span>
    </>
  );
}

function WiringDiagram({ view, assets }: { view: TutorialView; assets: TutorialAssetsState }) {
  return (
    <figure className="wiring-figure tray bg-blueprint overflow-hidden">
      {/* Scrolls sideways on a phone; focusable so a keyboard can scroll it too. */}
      <div
        className="wiring-scroll overflow-x-auto p-4"
        role="img"
        aria-labelledby="wiring-caption"
        aria-busy={!assets.data && !assets.isError}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
        tabIndex={0}
      >
        {assets.data ? (
          <div
            className="wiring-svg wiring-zoom mx-auto w-fit"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: built from our typed content at build time
            dangerouslySetInnerHTML={{ __html: assets.data.wiringSvg }}
          />
        ) : (
          <div
            className="wiring-zoom skeleton mx-auto w-full max-w-lg rounded-xl"
            style={{ height: view.diagramHeight }}
          />
        )}
      </div>
      {assets.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 border-t border-border px-4 py-3">
          <p className="text-sm">The diagram did not load. The connection table below lists every wire.</p>
          <Button variant="secondary" size="sm" onClick={assets.retry}>
            <RotateCcw aria-hidden="true" /> Try again
          </Button>
        </div>
      ) : null}
      <figcaption id="wiring-caption" className="border-t border-border px-4 py-3 text-sm text-muted">
        {CAPTION}.<span className="sm:hidden print:hidden"> Swipe sideways to see all of it.</span>
      </figcaption>
    </figure>
  );
}

/** The diagram and, for every wire, a row of the connection table (the diagram's text alternative). */
export const WiringSection = memo(function WiringSection({
  view,
  assets,
}: {
  view: TutorialView;
  assets: TutorialAssetsState;
}) {
  return (
    <TutorialSection id="wiring" kicker="Connect" title="Wiring">
      <WiringDiagram view={view} assets={assets} />
      <div className="mt-8" id="connections">
        <h3 id="connections-heading" className="font-display text-xl font-semibold">
          Connection table
        </h3>
        <p className="mt-1 text-sm text-muted">Every wire, in the order you add them.</p>
        <section
          aria-labelledby="connections-heading"
          className="tray mt-4 overflow-x-auto"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
          tabIndex={0}
        >
          <table className="connection-table w-full min-w-[20rem] text-left text-sm">
            <thead>
              <tr>
                <th scope="col">From</th>
                <th scope="col">To</th>
                <th scope="col">Wire</th>
                <th scope="col">Step</th>
              </tr>
            </thead>
            <tbody>
              {view.connections.map((wire) => (
                <tr key={wire.description}>
                  <td>
                    <WireEnd end={wire.from} />
                  </td>
                  <td>
                    <WireEnd end={wire.to} />
                  </td>
                  <td>
                    <span className="inline-flex items-center gap-2 whitespace-nowrap">
                      <WireSwatch color={wire.color} />
                      {wire.color}
                    </span>
                  </td>
                  <td className="font-mono">
                    {wire.step === undefined ? (
                      '—'
                    ) : (
                      <JumpLink hash={`step-${wire.step + 1}`} label={`Step ${wire.step + 1}`}>
                        {wire.step + 1}
                      </JumpLink>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </div>
    </TutorialSection>
  );
});
