import { type ClassValue, clsx } from 'clsx';

/** Joins class names. (No tailwind-merge: our variants never need to override each other.) */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
