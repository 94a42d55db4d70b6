import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentType } from 'react';
import { cn } from '#web/lib/cn.ts';

export interface FeatureCard {
  readonly icon: ComponentType<{ 'aria-hidden'?: 'true' }>;
  readonly title: string;
  readonly text: string;
}

const iconVariants = cva('', {
  variants: {
    iconStyle: {
      /** The icon on an accent tile (home page's mission). */
      tile: 'grid size-12 place-items-center rounded-xl border border-accent/40 bg-accent-soft text-accent [&_svg]:size-6',
      /** The bare icon (about page's values). */
      plain: 'block text-accent [&_svg]:size-7',
    },
  },
  defaultVariants: { iconStyle: 'tile' },
});

const titleVariants = cva('font-display text-xl font-semibold', {
  variants: { iconStyle: { tile: 'mt-5', plain: 'mt-4' } },
  defaultVariants: { iconStyle: 'tile' },
});

type FeatureCardGridProps = VariantProps<typeof iconVariants> & {
  cards: readonly FeatureCard[];
  className?: string;
};

/** Three-up cards of icon, title and a line of text: the home page's mission and the about page's values. */
export function FeatureCardGrid({ cards, iconStyle, className }: FeatureCardGridProps) {
  return (
    <ul className={cn('grid gap-5 md:grid-cols-3', className)}>
      {cards.map(({ icon: Icon, title, text }) => (
        <li key={title} className="tray tray-interactive p-6">
          <span className={iconVariants({ iconStyle })}>
            <Icon aria-hidden="true" />
          </span>
          <h3 className={titleVariants({ iconStyle })}>{title}</h3>
          <p className="mt-2 leading-relaxed text-muted">{text}</p>
        </li>
      ))}
    </ul>
  );
}
