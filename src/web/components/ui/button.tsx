import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '#web/lib/cn.ts';

export const buttonVariants = cva(
  'inline-flex items-center justify-center gap-2 rounded-xl font-semibold whitespace-nowrap transition-[background-color,border-color,color,box-shadow,transform] duration-150 select-none active:translate-y-px disabled:pointer-events-none disabled:opacity-60 [&_svg]:size-4 [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        primary:
          'bg-cta text-cta-text shadow-[0_8px_24px_-12px_var(--cta)] hover:bg-cta-hover focus-visible:bg-cta-hover',
        secondary: 'border border-accent/60 bg-accent-soft/40 text-text hover:border-accent hover:bg-accent-soft',
        ghost: 'text-text hover:bg-surface-2',
        /** For what cannot be undone (deleting an account). */
        danger: 'bg-red-700 text-white hover:bg-red-800 dark:bg-red-400 dark:text-red-950 dark:hover:bg-red-300',
        /** The way to what cannot be undone, before it is confirmed: red, but not the loudest thing on the page. */
        'danger-quiet':
          'border border-red-700/60 text-red-700 hover:bg-red-50 dark:border-red-400/60 dark:text-red-300 dark:hover:bg-red-950/40',
      },
      size: {
        sm: 'h-9 px-3.5 text-sm',
        md: 'h-11 px-5 text-[0.95rem]',
        lg: 'h-12 px-6 text-base',
        icon: 'size-10',
        /** `sm`'s text at a fingertip's height (44 px): the navigation bar's controls. */
        touch: 'h-11 px-4 text-sm',
        'icon-touch': 'size-11',
      },
      /** Whether the button may get narrower than its content (its text is cut short inside). */
      shrink: { false: 'shrink-0', true: 'min-w-0 shrink' },
    },
    defaultVariants: { variant: 'primary', size: 'md', shrink: false },
  },
);

type ButtonVariants = VariantProps<typeof buttonVariants>;

export function Button({
  className,
  variant,
  size,
  type = 'button',
  ...props
}: ComponentProps<'button'> & ButtonVariants) {
  return <button type={type} className={cn(buttonVariants({ variant, size }), className)} {...props} />;
}
