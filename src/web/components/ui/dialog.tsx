import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '#web/lib/cn.ts';

export const Dialog = RadixDialog.Root;
export const DialogTrigger = RadixDialog.Trigger;
export const DialogClose = RadixDialog.Close;

const CLOSE_LOOK = {
  md: { button: '-mr-2 size-10 transition-colors', icon: 'size-5' },
  sm: { button: '-mr-1 size-9', icon: 'size-4' },
} as const;

/** The × in a dialog's corner: closes it (Radix), named for screen readers. */
function CloseButton({ size }: { size: keyof typeof CLOSE_LOOK }) {
  const look = CLOSE_LOOK[size];
  return (
    <RadixDialog.Close
      className={cn(
        '-mt-1 grid shrink-0 place-items-center rounded-lg text-muted hover:bg-surface-2 hover:text-text',
        look.button,
      )}
      aria-label="Close"
    >
      <X className={look.icon} aria-hidden="true" />
    </RadixDialog.Close>
  );
}

interface DialogContentProps {
  title: ReactNode;
  /** Read with the title when the dialog opens; leave it out only when the body says it at once. */
  description?: ReactNode;
  children: ReactNode;
  className?: string;
  /** Where focus goes when the dialog closes (default: the control that opened it). */
  onCloseAutoFocus?: (event: Event) => void;
}

/**
 * A modal dialog (Radix): focus stays inside while it is open, Escape and the close button close
 * it, and focus returns to what opened it. Scrolls within the screen on a phone.
 */
export function DialogContent({ title, description, children, className, onCloseAutoFocus }: DialogContentProps) {
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className="fixed inset-0 z-50 bg-black/60 backdrop-blur-[2px]" />
      <RadixDialog.Content
        onCloseAutoFocus={onCloseAutoFocus}
        // Without a description, Radix warns unless told there is none.
        {...(description === undefined ? { 'aria-describedby': undefined } : {})}
        className={cn(
          'tray fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col overflow-y-auto p-6 shadow-[0_24px_60px_-20px_rgb(0_0_0/0.6)] outline-none sm:p-7',
          className,
        )}
      >
        <div className="flex items-start justify-between gap-4">
          <RadixDialog.Title className="font-display text-xl font-semibold [overflow-wrap:anywhere] sm:text-2xl">
            {title}
          </RadixDialog.Title>
          <CloseButton size="md" />
        </div>
        {description === undefined ? null : (
          <RadixDialog.Description className="mt-2 text-muted [overflow-wrap:anywhere]">
            {description}
          </RadixDialog.Description>
        )}
        <div className="mt-5">{children}</div>
      </RadixDialog.Content>
    </RadixDialog.Portal>
  );
}

interface DialogPanelProps {
  title: ReactNode;
  children: ReactNode;
  className?: string;
}

/**
 * A non-modal dialog drawn where it is placed (no overlay, no portal): a card beside the page that
 * the learner keeps open while working (open it in `<Dialog modal={false}>`). Named by its title;
 * focus moves in when it opens, Escape and the close button close it and give focus back to its
 * trigger; clicks on the page leave it open.
 */
export function DialogPanel({ title, children, className }: DialogPanelProps) {
  return (
    <RadixDialog.Content
      aria-describedby={undefined}
      onInteractOutside={(event) => event.preventDefault()}
      className={cn('tray outline-none', className)}
    >
      <div className="flex items-start justify-between gap-2">
        <RadixDialog.Title className="font-display text-lg font-semibold">{title}</RadixDialog.Title>
        <CloseButton size="sm" />
      </div>
      {children}
    </RadixDialog.Content>
  );
}
