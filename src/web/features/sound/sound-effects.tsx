import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { onBuzzer } from '#web/lib/buzzer.ts';
import { onNotify } from '#web/lib/notify.ts';
import { installSound, play, setBuzzer } from './sound-store.ts';

const INTERACTIVE = 'a, button, [role=tab], select, summary';

function interactive(target: EventTarget | null): Element | null {
  return target instanceof Element ? target.closest(INTERACTIVE) : null;
}

/**
 * Rendered once in the app shell: wires the whole page to sound with a few document-level
 * listeners, so no component has to know about it. Every cue is a no-op until the first gesture.
 */
export function SoundEffects() {
  const { pathname } = useLocation();
  const shownPath = useRef(pathname);

  useEffect(() => {
    if (shownPath.current === pathname) return; // the first render is not a route change
    shownPath.current = pathname;
    play('swoosh');
  }, [pathname]);

  useEffect(() => {
    const uninstall = installSound(document, window);
    const stopNotify = onNotify((kind) => {
      if (kind !== 'info') play(kind);
    });
    // The simulator's buzzer (lib/buzzer.ts), through the same mute control.
    const stopBuzzer = onBuzzer(setBuzzer);

    // Mouse only: touch and pen have no hover, and their taps already click.
    const onPointerOver = (event: PointerEvent) => {
      if (event.pointerType !== 'mouse') return;
      const element = interactive(event.target);
      // Moving between the parts of one button is not a new hover.
      if (element && element !== interactive(event.relatedTarget)) play('hover');
    };
    const onClick = (event: MouseEvent) => {
      const element = interactive(event.target);
      // A tab answers with the swoosh of its switch instead (below).
      if (element && element.getAttribute('role') !== 'tab') play('click');
    };
    // Tabs switch on pointer down and on arrow keys; watching their state catches both.
    const tabs = new MutationObserver((records) => {
      const switched = records.some(
        (record) =>
          record.target instanceof Element &&
          record.target.getAttribute('role') === 'tab' &&
          record.oldValue === 'false' &&
          record.target.getAttribute('aria-selected') === 'true',
      );
      if (switched) play('swoosh');
    });
    tabs.observe(document.body, {
      subtree: true,
      attributes: true,
      attributeFilter: ['aria-selected'],
      attributeOldValue: true,
    });
    document.addEventListener('pointerover', onPointerOver, { passive: true });
    document.addEventListener('click', onClick, { passive: true });
    return () => {
      uninstall();
      stopNotify();
      stopBuzzer();
      setBuzzer(false);
      tabs.disconnect();
      document.removeEventListener('pointerover', onPointerOver);
      document.removeEventListener('click', onClick);
    };
  }, []);

  return null;
}
