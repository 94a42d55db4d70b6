import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTheme } from '#web/features/theme/theme-store.ts';
import { registerToasterHost } from '#web/lib/notify.ts';

const Toaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })));

/** Runs its effect after the siblings before it (the Toaster) have run theirs, i.e. subscribed. */
function Mounted({ onMounted }: { onMounted: () => void }) {
  useEffect(() => onMounted(), [onMounted]);
  return null;
}

/** Mounts sonner's <Toaster/> on the first toast (product §8: at most 3 visible, about 4 s each). */
export function ToasterHost() {
  const theme = useTheme();
  const [wanted, setWanted] = useState(false);
  const waiting = useRef<(() => void)[]>([]);
  const release = useCallback(() => {
    for (const resolve of waiting.current.splice(0)) resolve();
  }, []);

  useEffect(
    () =>
      registerToasterHost(
        () =>
          new Promise<void>((resolve) => {
            waiting.current.push(resolve);
            setWanted(true);
          }),
      ),
    [],
  );

  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster position="bottom-right" visibleToasts={3} duration={4000} closeButton theme={theme} />
      <Mounted onMounted={release} />
    </Suspense>
  );
}
