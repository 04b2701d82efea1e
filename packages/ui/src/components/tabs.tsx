import {
  createContext,
  useContext,
  useId,
  useState,
  type ComponentProps,
  type KeyboardEvent,
  type MouseEvent,
} from 'react';
import { cn } from '../lib/cn';

// The WAI-ARIA tabs pattern as Radix Tabs wrote it (same roles, ids, data-state attributes, mouse and
// keyboard behaviour), without Radix. Radix wraps each panel in its Presence, which reads the panel's
// computed animation name after mounting: that forced the browser to style the whole newly rendered
// page inside a script task (the dashboard's longest task on Lighthouse's throttled phone, issue 24).
// These panels have no exit animation to wait for, so nothing needs to be read.

interface TabsState {
  baseId: string;
  value: string;
  select: (value: string) => void;
}

const TabsContext = createContext<TabsState | null>(null);

function useTabs(part: string): TabsState {
  const state = useContext(TabsContext);
  if (!state) throw new Error(`${part} must be inside <Tabs>`);
  return state;
}

const triggerId = (baseId: string, value: string) => `${baseId}-trigger-${value}`;
const contentId = (baseId: string, value: string) => `${baseId}-content-${value}`;

export interface TabsProps extends Omit<ComponentProps<'div'>, 'defaultValue' | 'dir'> {
  /** The shown tab (controlled, with `onValueChange`). */
  value?: string;
  /** The tab shown first when `value` is not given (uncontrolled). */
  defaultValue?: string;
  onValueChange?: (value: string) => void;
}

/** Tab set root; pass `defaultValue` (uncontrolled) or `value` + `onValueChange` (controlled). */
export function Tabs({ value, defaultValue, onValueChange, className, ...props }: TabsProps) {
  const baseId = useId();
  const [ownValue, setOwnValue] = useState(defaultValue ?? '');
  const current = value ?? ownValue;
  const select = (next: string) => {
    if (next === current) return;
    if (value === undefined) setOwnValue(next);
    onValueChange?.(next);
  };
  return (
    <TabsContext.Provider value={{ baseId, value: current, select }}>
      <div data-orientation="horizontal" className={cn('flex flex-col gap-4', className)} {...props} />
    </TabsContext.Provider>
  );
}

/** Arrow keys move between the enabled tabs (round the ends), Home and End to the first and last. */
function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
  const tabs = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)')];
  const index = tabs.indexOf(document.activeElement as HTMLButtonElement);
  if (index < 0) return;
  const target =
    event.key === 'ArrowRight'
      ? tabs[(index + 1) % tabs.length]
      : event.key === 'ArrowLeft'
        ? tabs[(index - 1 + tabs.length) % tabs.length]
        : event.key === 'Home'
          ? tabs[0]
          : event.key === 'End'
            ? tabs.at(-1)
            : undefined;
  if (!target) return;
  event.preventDefault();
  target.focus(); // focusing a tab shows it (TabsTrigger's onFocus)
}

/** The row of triggers; scrolls sideways on narrow screens instead of wrapping. */
export function TabsList({ className, onKeyDown, ...props }: ComponentProps<'div'>) {
  return (
    <div
      role="tablist"
      aria-orientation="horizontal"
      data-orientation="horizontal"
      className={cn(
        // The baseline is an inset shadow, not a border, so the active trigger's underline can sit
        // on it without overflowing the scroll container (which would add a vertical scrollbar).
        'flex w-full items-center gap-1 overflow-x-auto shadow-[inset_0_-1px_0_0_var(--color-slate-200)]',
        className,
      )}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        if (!event.defaultPrevented) moveFocus(event);
      }}
      {...props}
    />
  );
}

export interface TabsTriggerProps extends Omit<ComponentProps<'button'>, 'value'> {
  value: string;
  /** Shown in a small pill after the label, e.g. the number of unassigned queues. */
  count?: number;
}

export function TabsTrigger({ value, count, className, children, disabled, ...props }: TabsTriggerProps) {
  const { baseId, value: current, select } = useTabs('TabsTrigger');
  const selected = value === current;
  return (
    <button
      type="button"
      role="tab"
      id={triggerId(baseId, value)}
      aria-controls={contentId(baseId, value)}
      aria-selected={selected}
      data-state={selected ? 'active' : 'inactive'}
      data-orientation="horizontal"
      data-disabled={disabled ? '' : undefined}
      disabled={disabled}
      // One tab stop for the strip: the shown tab; the arrow keys reach the others.
      tabIndex={selected ? 0 : -1}
      className={cn(
        'group inline-flex items-center gap-2 border-b-2 border-transparent px-3 py-2 text-sm font-medium whitespace-nowrap text-slate-500 transition-colors',
        'hover:border-slate-300 hover:text-slate-700',
        'focus-visible:rounded-t-md focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:outline-none',
        'disabled:pointer-events-none disabled:opacity-50',
        'data-[state=active]:border-blue-600 data-[state=active]:text-blue-600',
        className,
      )}
      {...props}
      // As Radix: a tab is shown on the mouse's press (left button, no Ctrl), on Enter or Space, and
      // when it gets the focus (arrow keys).
      onMouseDown={(event: MouseEvent<HTMLButtonElement>) => {
        props.onMouseDown?.(event);
        if (event.defaultPrevented) return;
        if (event.button === 0 && !event.ctrlKey) select(value);
        else event.preventDefault();
      }}
      onKeyDown={(event: KeyboardEvent<HTMLButtonElement>) => {
        props.onKeyDown?.(event);
        if (!event.defaultPrevented && (event.key === 'Enter' || event.key === ' ')) select(value);
      }}
      onFocus={(event) => {
        props.onFocus?.(event);
        if (!event.defaultPrevented) select(value);
      }}
    >
      {children}
      {count === undefined ? null : (
        <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600 group-data-[state=active]:bg-blue-100 group-data-[state=active]:text-blue-700">
          {count.toLocaleString('en-US')}
        </span>
      )}
    </button>
  );
}

export interface TabsContentProps extends ComponentProps<'div'> {
  value: string;
}

/** A tab's panel: rendered only while its tab is shown (a hidden, empty panel otherwise). */
export function TabsContent({ value, className, children, ...props }: TabsContentProps) {
  const { baseId, value: current } = useTabs('TabsContent');
  const selected = value === current;
  return (
    <div
      role="tabpanel"
      id={contentId(baseId, value)}
      aria-labelledby={triggerId(baseId, value)}
      data-state={selected ? 'active' : 'inactive'}
      data-orientation="horizontal"
      hidden={!selected}
      tabIndex={0}
      className={cn('focus-visible:outline-none', className)}
      {...props}
    >
      {selected ? children : null}
    </div>
  );
}
