import { RotateCcw } from 'lucide-react';
import { type ComponentType, type ReactNode, useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { cn } from '#web/lib/cn.ts';

type Opened<Props> =
  | { readonly state: 'closed' }
  | { readonly state: 'loading' }
  | { readonly state: 'failed' }
  | { readonly state: 'open'; readonly Tool: ComponentType<Props> };

interface LazyLauncherProps<Props> {
  /** The icon in the tray (an element, hidden from screen readers here). */
  icon: ReactNode;
  lead: string;
  detail: ReactNode;
  /** The button's text, e.g. "Run in the simulator", and its icon. */
  action: string;
  actionIcon: ReactNode;
  /** Said while the tool's code loads, e.g. "Loading the simulator…". */
  loading: string;
  /** Said when it did not load, e.g. "The simulator did not load." */
  failed: string;
  className?: string;
  load: () => Promise<ComponentType<Props>>;
  /** Called when the learner presses the button, before loading starts. */
  onOpen?: () => void;
  /** Shows the loaded tool. */
  children: (Tool: ComponentType<Props>) => ReactNode;
}

/**
 * A tool of the tutorial page whose code is fetched only when the learner asks for it (the
 * simulator, the upload): a tray that says what it does and a button, then the tool in its place.
 * The page's first load does not grow; a failed load says so and offers to try again.
 */
export function LazyLauncher<Props>({
  icon,
  lead,
  detail,
  action,
  actionIcon,
  loading,
  failed,
  className,
  load,
  onOpen,
  children,
}: LazyLauncherProps<Props>) {
  const [opened, setOpened] = useState<Opened<Props>>({ state: 'closed' });
  const open = () => {
    onOpen?.();
    setOpened({ state: 'loading' });
    load().then(
      (Tool) => setOpened({ state: 'open', Tool }),
      () => setOpened({ state: 'failed' }),
    );
  };
  if (opened.state === 'open') return children(opened.Tool);
  return (
    <div className={cn('tray flex flex-col items-start gap-4 p-5 sm:flex-row sm:items-center sm:p-6', className)}>
      <span
        className="grid size-12 shrink-0 place-items-center rounded-xl bg-accent-soft text-accent [&_svg]:size-6"
        aria-hidden="true"
      >
        {icon}
      </span>
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{lead}</p>
        <p className="mt-1 text-sm text-muted">{detail}</p>
      </div>
      {opened.state === 'failed' ? (
        <div role="alert" className="flex flex-col items-start gap-2">
          <p className="text-sm font-semibold">{failed} Check your connection.</p>
          <Button variant="secondary" onClick={open}>
            <RotateCcw aria-hidden="true" /> Try again
          </Button>
        </div>
      ) : (
        <Button onClick={open} disabled={opened.state === 'loading'} aria-busy={opened.state === 'loading'}>
          {opened.state === 'loading' ? (
            <Spinner label={loading} className="[&_svg]:size-4 [&_svg]:text-current" />
          ) : (
            actionIcon
          )}
          {action}
        </Button>
      )}
    </div>
  );
}
