import { cn } from '../lib/cn';
import { controlClasses } from '../lib/control-classes';
import { pageWindow } from '../lib/page-window';

/** Page sizes offered by default (spec: 10, 20, 50, 100). */
export const DEFAULT_PAGE_SIZE_OPTIONS: readonly number[] = [10, 20, 50, 100];

/** `page`, `pages` and `total` are named as a paged answer's `pagination`, so a screen spreads that in. */
export interface PaginationProps {
  /** The current page, 1-based. */
  page: number;
  /** How many pages there are. */
  pages: number;
  onPageChange: (page: number) => void;
  /** Rows per page; with `onPageSizeChange` it shows a page-size picker. */
  pageSize?: number;
  pageSizeOptions?: readonly number[];
  /**
   * Called with the chosen page size. The control then also calls `onPageChange(1)` (unless
   * already on page 1), because the old page number means different rows at a new size.
   */
  onPageSizeChange?: (pageSize: number) => void;
  /** Total rows across all pages; with `pageSize` shows "Showing 21–40 of 95". */
  total?: number;
  className?: string;
}

/**
 * Page navigation for a list: a summary, an optional page-size picker and Previous / page
 * numbers / Next. With one page or fewer the page buttons are not rendered; the page-size picker
 * stays (so a user who picked 100 rows can go back), and without one nothing is rendered at all.
 */
export function Pagination({
  page,
  pages,
  onPageChange,
  pageSize,
  pageSizeOptions = DEFAULT_PAGE_SIZE_OPTIONS,
  onPageSizeChange,
  total,
  className,
}: PaginationProps) {
  const hasPageButtons = pages > 1;
  const canChangePageSize = onPageSizeChange !== undefined && pageSize !== undefined;
  if (!hasPageButtons && !canChangePageSize) return null;

  const goTo = (target: number) => {
    if (target !== page && target >= 1 && target <= pages) onPageChange(target);
  };

  const changePageSize = (nextSize: number) => {
    onPageSizeChange?.(nextSize);
    if (page !== 1) onPageChange(1);
  };

  // A list may default to a size that is not among the options (call records use 25).
  const sizeChoices =
    pageSize !== undefined && !pageSizeOptions.includes(pageSize)
      ? [...pageSizeOptions, pageSize].sort((a, b) => a - b)
      : pageSizeOptions;

  return (
    <div
      className={cn(
        'flex flex-col gap-3 text-sm text-slate-600 sm:flex-row sm:items-center sm:justify-between',
        className,
      )}
    >
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        {total !== undefined ? <p>{summaryText(page, pageSize, total)}</p> : null}
        {canChangePageSize ? (
          <label className="flex items-center gap-2">
            <span>Rows per page</span>
            <select
              value={pageSize}
              onChange={(event) => changePageSize(Number(event.target.value))}
              className={cn(controlClasses, 'h-8 w-auto cursor-pointer py-1 pr-7 pl-2')}
            >
              {sizeChoices.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </select>
          </label>
        ) : null}
      </div>

      {hasPageButtons ? (
        <nav aria-label="Pagination">
          <ul className="flex flex-wrap items-center gap-1">
            <li>
              <button
                type="button"
                onClick={() => goTo(page - 1)}
                disabled={page <= 1}
                className={pageButtonClasses(false, 'px-3')}
              >
                Previous
              </button>
            </li>
            {pageWindow(page, pages).map((item, index) =>
              item === 'ellipsis' ? (
                // Ellipses have no identity of their own; their position is their key.
                <li key={`ellipsis-${index}`} className="px-1.5 text-slate-500">
                  …
                </li>
              ) : (
                <li key={item}>
                  <button
                    type="button"
                    onClick={() => goTo(item)}
                    aria-label={`Page ${item}`}
                    aria-current={item === page ? 'page' : undefined}
                    className={pageButtonClasses(item === page, 'min-w-8 px-2')}
                  >
                    {item}
                  </button>
                </li>
              ),
            )}
            <li>
              <button
                type="button"
                onClick={() => goTo(page + 1)}
                disabled={page >= pages}
                className={pageButtonClasses(false, 'px-3')}
              >
                Next
              </button>
            </li>
          </ul>
        </nav>
      ) : null}
    </div>
  );
}

function pageButtonClasses(isCurrent: boolean, extra: string) {
  return cn(
    'inline-flex h-8 items-center justify-center rounded-lg border text-sm font-medium transition-colors',
    'focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:outline-none',
    'disabled:pointer-events-none disabled:opacity-50',
    isCurrent ? 'border-blue-600 bg-blue-600 text-white' : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
    extra,
  );
}

function summaryText(page: number, pageSize: number | undefined, total: number) {
  const count = (value: number) => value.toLocaleString('en-US');
  const noun = total === 1 ? 'result' : 'results';
  if (pageSize === undefined || total === 0) return `${count(total)} ${noun}`;
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(page * pageSize, total);
  if (first > total) return `${count(total)} ${noun}`;
  return `Showing ${count(first)}–${count(last)} of ${count(total)} ${noun}`;
}
