import { useSyncExternalStore } from 'react';

/**
 * Whether a CSS media query matches now, following it as the window resizes. Without
 * `matchMedia` (tests, server rendering) it answers `fallback`.
 */
export function useMediaQuery(query: string, fallback = true): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window === 'undefined' || !window.matchMedia) return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => (typeof window === 'undefined' || !window.matchMedia ? fallback : window.matchMedia(query).matches),
    () => fallback,
  );
}

/** Tailwind's `md` breakpoint: below it, lists become cards (phones). */
export const WIDE_SCREEN_QUERY = '(min-width: 768px)';
