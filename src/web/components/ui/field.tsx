import { type ComponentProps, type ReactNode, useId } from 'react';
import { cn } from '#web/lib/cn.ts';

export const inputClass =
  'w-full rounded-xl border border-border bg-bg px-3.5 py-2.5 text-base text-text placeholder:text-muted/80 transition-colors hover:border-accent/60 focus-visible:border-accent focus-visible:outline-2 focus-visible:outline-offset-0 aria-[invalid=true]:border-red-500 dark:aria-[invalid=true]:border-red-400';

interface FieldProps {
  label: string;
  error?: string;
  hint?: ReactNode;
  children: (props: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => ReactNode;
}

/**
 * A labelled form field with its hint and error wired to the control for screen readers. An error
 * that says what the hint says ("Password must be at least 6 characters") takes the hint's place:
 * the same words twice, grey and red, read as two things to fix.
 */
export function Field({ label, error, hint: givenHint, children }: FieldProps) {
  const id = useId();
  const hint = error !== undefined && givenHint === error ? undefined : givenHint;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy })}
      {hint ? (
        <p id={hintId} className="text-sm text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={cn(inputClass, className)} {...props} />;
}

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea className={cn(inputClass, 'resize-y leading-relaxed', className)} {...props} />;
}
