export type PageWindowItem = number | 'ellipsis';

/** With this many pages or fewer every page gets its own button (spec: "all pages when 5 or fewer"). */
const SHOW_ALL_PAGES_UP_TO = 5;

/**
 * The page buttons a pagination control shows, in order.
 *
 * - `pages <= 1`: nothing (the control hides its page buttons).
 * - `pages <= 5`: every page.
 * - otherwise: the first page, the last page and the current page ±1, with `'ellipsis'` standing
 *   for each run of skipped pages. A run of exactly one skipped page shows that page instead,
 *   because an ellipsis would take the same room and hide where it leads.
 *
 * `page` is 1-based and clamped into `1..pages`, so a stale page number after the list shrank
 * still yields a sensible window.
 *
 * @example pageWindow(5, 10) // [1, 'ellipsis', 4, 5, 6, 'ellipsis', 10]
 */
export function pageWindow(page: number, pages: number): PageWindowItem[] {
  const lastPage = Math.floor(pages);
  if (!Number.isFinite(lastPage) || lastPage <= 1) return [];
  if (lastPage <= SHOW_ALL_PAGES_UP_TO) return rangeInclusive(1, lastPage);

  const current = Math.min(Math.max(Math.floor(page) || 1, 1), lastPage);
  const shown = [...new Set([1, current - 1, current, current + 1, lastPage])]
    .filter((candidate) => candidate >= 1 && candidate <= lastPage)
    .sort((a, b) => a - b);

  const items: PageWindowItem[] = [];
  let previous = 0;
  for (const pageNumber of shown) {
    const skipped = pageNumber - previous - 1;
    if (skipped === 1) items.push(previous + 1);
    else if (skipped > 1) items.push('ellipsis');
    items.push(pageNumber);
    previous = pageNumber;
  }
  return items;
}

function rangeInclusive(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, index) => from + index);
}
