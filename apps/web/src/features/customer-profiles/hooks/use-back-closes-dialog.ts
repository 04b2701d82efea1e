import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';

/**
 * How the dialog's `?<param>=<value>` came to be in the address: `pushed` by opening it (a history
 * entry of its own, so closing goes back one), or `found` there (a link or a reload: the entry
 * before it is not ours to go back to, so closing takes the parameter off in place).
 */
type DialogEntry = 'pushed' | 'found' | null;

/**
 * A dialog in the URL (issue 24): opening it adds `?<param>=<value>` as a history entry, so Back
 * closes the dialog and stays on the page; a page opened at that address shows the dialog on the
 * entry it has. `mayLeave` is asked first (e.g. "Discard your unsaved changes?"); when it says no,
 * the entry is put back and the dialog stays open with what was typed.
 * Returns `close`, for the dialog's own ways out (Cancel, Escape, Save): it takes the entry off.
 */
export function useBackClosesDialog(options: {
  open: boolean;
  param: string;
  value: string;
  mayLeave: () => boolean;
  onClose: () => void;
}) {
  const { open, param, value } = options;
  const [, setParams] = useSearchParams();
  const navigate = useNavigate();
  const entry = useRef<DialogEntry>(null);
  const latest = useRef(options);
  latest.current = options;

  const inAddress = () => new URLSearchParams(window.location.search).get(param) === value;
  const withParam = (show: boolean) => (previous: URLSearchParams) => {
    const next = new URLSearchParams(previous);
    if (show) next.set(param, value);
    else next.delete(param);
    return next;
  };
  const show = () => setParams(withParam(true));

  useEffect(() => {
    if (!open) return;
    // Read from the address bar, not a render's copy: an entry is added once per opening.
    if (inAddress()) {
      entry.current ??= 'found';
      return;
    }
    entry.current = 'pushed';
    show();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, param, value]);

  // Back (or Forward elsewhere) is a popstate that leaves the dialog's entry. Listening for it, rather
  // than watching the router's copy of the URL, holds however late React renders the change: a
  // render may arrive after Back, or be skipped altogether when Back follows the opening quickly.
  useEffect(() => {
    if (!open) return;
    const onPopState = () => {
      if (entry.current === null || inAddress()) return;
      entry.current = null;
      if (!latest.current.mayLeave()) {
        entry.current = 'pushed';
        show();
        return;
      }
      latest.current.onClose();
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, param, value]);

  return () => {
    const closing = entry.current;
    entry.current = null;
    if (closing === 'pushed') void navigate(-1);
    else if (closing === 'found') setParams(withParam(false), { replace: true });
    latest.current.onClose();
  };
}
