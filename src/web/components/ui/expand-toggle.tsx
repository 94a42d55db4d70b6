import { cva, type VariantProps } from 'class-variance-authority';
import { buttonVariants } from '#web/components/ui/button.tsx';
import { cn } from '#web/lib/cn.ts';

const expandToggleVariants = cva('', {
  variants: {
    look: {
      link: 'rounded text-sm font-semibold text-accent hover:underline',
      button: buttonVariants({ variant: 'secondary', size: 'sm' }),
    },
  },
  defaultVariants: { look: 'button' },
});

type ExpandToggleProps = VariantProps<typeof expandToggleVariants> & {
  expanded: boolean;
  onExpandedChange: (expanded: boolean) => void;
  /** The id of the element this shows more or less of. */
  controls: string;
  /** What the button says while collapsed (product §2: 'Read More', 'View Full Tutorial'). */
  moreLabel: string;
  lessLabel?: string;
  className?: string;
};

/** The button that shows the rest of a long text or list, and hides it again. */
export function ExpandToggle({
  expanded,
  onExpandedChange,
  controls,
  moreLabel,
  lessLabel = 'Show Less',
  look,
  className,
}: ExpandToggleProps) {
  return (
    <button
      type="button"
      className={cn(expandToggleVariants({ look }), className)}
      aria-expanded={expanded}
      aria-controls={controls}
      onClick={() => onExpandedChange(!expanded)}
    >
      {expanded ? lessLabel : moreLabel}
    </button>
  );
}
