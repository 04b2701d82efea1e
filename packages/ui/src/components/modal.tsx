import * as Dialog from '@radix-ui/react-dialog';
import { useRef, type ReactNode } from 'react';
import { cn } from '../lib/cn';

const sizeClasses = {
  sm: 'max-w-sm',
  md: 'max-w-lg',
  lg: 'max-w-2xl',
  xl: 'max-w-4xl',
  /** Wide tables with actions (Job Details): 72rem, so their last column stays inside (issue 24). */
  '2xl': 'max-w-6xl',
} as const;

export type ModalSize = keyof typeof sizeClasses;

export interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Rendered as the dialog's accessible title. */
  title: ReactNode;
  /** Rendered as the dialog's accessible description, under the title. */
  description?: ReactNode;
  children?: ReactNode;
  /** Action buttons, pinned under the scrollable body. */
  footer?: ReactNode;
  size?: ModalSize;
  /** Extra classes for the dialog panel. */
  className?: string;
}

/**
 * A centred dialog with a title, a body that scrolls when it is taller than the viewport and an
 * optional footer. Escape, the close button and a click outside all call `onOpenChange(false)`.
 * When it closes, focus goes back to whatever had it when it opened (the button that opened it).
 */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  size = 'md',
  className,
}: ModalProps) {
  // Radix returns focus to a Dialog.Trigger; our dialogs are opened by ordinary buttons, so
  // remember the one that had focus and return to it (if it is still on the page). It is read as
  // the dialog opens, before anything inside it (an autoFocus field) takes focus.
  const opener = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(false);
  if (open && !wasOpen.current) {
    const active = typeof document === 'undefined' ? null : document.activeElement;
    opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
  }
  wasOpen.current = open;
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        {/* Dimmed, not blurred: a backdrop blur is redrawn over the whole screen whenever anything in
            the dialog changes (each keystroke), which costs a phone or a GPU-less machine dearly. */}
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content
          // Without a description Radix would warn; telling it there is none is the documented opt-out.
          {...(description ? {} : { 'aria-describedby': undefined })}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (opener.current?.isConnected) opener.current.focus();
            opener.current = null;
          }}
          className={cn(
            // Anchored near the top rather than centred, so content that appears below (a check's
            // answer, an error) grows the dialog downward and never moves what is under the pointer:
            // centred, the Run dialog's queue list jumped when its preflight answer arrived, and a
            // click could land beside the checkbox it aimed at.
            'fixed top-[5vh] left-1/2 z-50 flex max-h-[90vh] w-[calc(100%-2rem)] -translate-x-1/2 flex-col',
            'rounded-lg border border-slate-200 bg-white shadow-xl focus:outline-none',
            sizeClasses[size],
            className,
          )}
        >
          <div className="flex items-start justify-between gap-4 border-b border-slate-100 px-6 py-4">
            <div className="min-w-0">
              <Dialog.Title className="text-lg font-semibold text-slate-900">{title}</Dialog.Title>
              {description ? (
                <Dialog.Description className="mt-1 text-sm text-slate-500">{description}</Dialog.Description>
              ) : null}
            </div>
            <Dialog.Close
              aria-label="Close"
              className="-m-1 rounded-md p-1 text-slate-400 transition-colors hover:bg-slate-100 hover:text-slate-600 focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:outline-none"
            >
              <svg
                aria-hidden="true"
                viewBox="0 0 20 20"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.75"
                strokeLinecap="round"
                className="size-5"
              >
                <path d="M5 5l10 10M15 5L5 15" />
              </svg>
            </Dialog.Close>
          </div>
          {/* Focusable so that keyboard users can scroll a long body that holds no control. */}
          <div
            tabIndex={0}
            className="min-h-0 flex-1 overflow-y-auto px-6 py-4 focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:outline-none focus-visible:ring-inset"
          >
            {children}
          </div>
          {footer ? (
            <div className="flex flex-wrap items-center justify-end gap-2 border-t border-slate-100 bg-slate-50 px-6 py-3 rounded-b-lg">
              {footer}
            </div>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
