import * as RadixSwitch from '@radix-ui/react-switch';
import type { ComponentProps } from 'react';
import { cn } from '#web/lib/cn.ts';

/** An on/off switch (Radix: a button with role `switch`, Space and Enter toggle it); label it with a `<label htmlFor>`. */
export function Switch({ className, ...props }: Omit<ComponentProps<typeof RadixSwitch.Root>, 'children'>) {
  return (
    <RadixSwitch.Root
      className={cn(
        'relative h-7 w-12 shrink-0 rounded-full border border-border bg-bg transition-colors data-[state=checked]:border-accent data-[state=checked]:bg-accent',
        className,
      )}
      {...props}
    >
      <RadixSwitch.Thumb className="block size-5 translate-x-1 rounded-full bg-muted shadow transition-transform data-[state=checked]:translate-x-6 data-[state=checked]:bg-bg" />
    </RadixSwitch.Root>
  );
}
