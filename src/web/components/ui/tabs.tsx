import * as RadixTabs from '@radix-ui/react-tabs';
import type { ComponentProps } from 'react';
import { cn } from '#web/lib/cn.ts';
import { FILLING_TAB_CLASS, TAB_CLASS, TAB_LIST_CLASS } from './tab-styles.ts';

/** Tabs (Radix: arrow keys move between them, the panel follows), in the site's one look. */
export const Tabs = RadixTabs.Root;
export const TabsContent = RadixTabs.Content;

export function TabsList({ className, ...props }: ComponentProps<typeof RadixTabs.List>) {
  return <RadixTabs.List className={cn(TAB_LIST_CLASS, className)} {...props} />;
}

/** `fill`: the tabs share the strip's width on every screen (by default, on a phone only). */
export function TabsTrigger({
  className,
  fill = false,
  ...props
}: ComponentProps<typeof RadixTabs.Trigger> & { fill?: boolean }) {
  return <RadixTabs.Trigger className={cn(fill ? FILLING_TAB_CLASS : TAB_CLASS, className)} {...props} />;
}
