import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

/**
 * Joins class names like `clsx` and then lets later Tailwind utilities override earlier
 * conflicting ones, so a caller's `className="px-2"` beats a component's default `px-4`.
 */
export function cn(...classes: ClassValue[]): string {
  return twMerge(clsx(classes));
}
