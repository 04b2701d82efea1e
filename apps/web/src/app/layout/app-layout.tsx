import { LogOut, Menu, X } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { cn } from '@phone-billing/ui/lib/cn';
import { useMediaQuery } from '@phone-billing/ui/lib/use-media-query';
import { NAVIGATION, pageNameFor } from '../../config/navigation';
import { hasAnyPermission, useAuthStore } from '../../lib/auth-store';
import { useSignOut } from '../../features/auth/api/sign-out';
import { useRefreshUserOnNavigation } from '../../features/auth/hooks/use-refresh-user-on-navigation';
import { NotificationBell } from '../../features/notifications/components/notification-bell';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The slide-in menu of small screens as a modal panel: it takes focus when it opens, keeps Tab
 * inside it, closes on Escape (and on the backdrop or a link), and hands focus back to the
 * button that opened it. The page behind it is inert meanwhile, and the closed panel is too.
 */
function useSlideInMenu() {
  const [open, setOpen] = useState(false);
  const panel = useRef<HTMLElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const isSmallScreen = !useMediaQuery('(min-width: 1024px)');
  const modal = open && isSmallScreen;

  const restoreFocus = useRef(false);

  const close = useCallback(() => {
    setOpen(false);
    restoreFocus.current = true;
  }, []);

  // The page behind is inert until the menu has closed, so focus goes back once it has.
  useEffect(() => {
    if (open || !restoreFocus.current) return;
    restoreFocus.current = false;
    opener.current?.focus();
  }, [open]);

  useEffect(() => {
    if (!modal || !panel.current) return;
    const focusables = () => [...panel.current!.querySelectorAll<HTMLElement>(FOCUSABLE)];
    focusables()[0]?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        close();
      } else if (event.key === 'Tab') {
        const items = focusables();
        const first = items[0];
        const last = items[items.length - 1];
        if (!first || !last) return;
        const active = document.activeElement;
        if (event.shiftKey && (active === first || !panel.current!.contains(active))) {
          event.preventDefault();
          last.focus();
        } else if (!event.shiftKey && (active === last || !panel.current!.contains(active))) {
          event.preventDefault();
          first.focus();
        }
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [modal, close]);

  return { open, modal, isSmallScreen, panel, opener, show: () => setOpen(true), close };
}

/** Fixed sidebar on large screens, slide-in menu on small ones; header with page name and bell. */
export function AppLayout() {
  const menu = useSlideInMenu();
  const location = useLocation();
  // Role changes show in the sidebar on the next in-app navigation, not only on a reload.
  useRefreshUserOnNavigation();
  const pageName = pageNameFor(location.pathname);

  return (
    <div className="min-h-screen bg-slate-50">
      {menu.modal && (
        <div className="fixed inset-0 z-30 bg-slate-900/40 lg:hidden" onClick={menu.close} aria-hidden="true" />
      )}
      <aside
        ref={menu.panel}
        className={cn(
          'fixed inset-y-0 left-0 z-40 flex w-64 flex-col border-r border-slate-200 bg-white transition-transform lg:translate-x-0',
          menu.open ? 'translate-x-0' : '-translate-x-full',
        )}
        aria-label={menu.modal ? 'Menu' : 'Sidebar'}
        {...(menu.modal ? { role: 'dialog', 'aria-modal': true } : {})}
        // Off screen on a phone, the closed menu must not take focus.
        inert={menu.isSmallScreen && !menu.open}
        data-testid="sidebar"
      >
        <div className="print:hidden flex h-16 items-center justify-between border-b border-slate-200 px-5">
          <span className="text-lg font-semibold text-slate-900">Phone Billing</span>
          <button
            type="button"
            className="rounded p-1 text-slate-600 hover:bg-slate-100 lg:hidden"
            onClick={menu.close}
            aria-label="Close menu"
          >
            <X className="h-5 w-5" />
          </button>
        </div>
        <SidebarNavigation onNavigate={menu.close} />
        <SidebarFooter />
      </aside>
      <div className="lg:pl-64 print:pl-0" inert={menu.modal}>
        <header className="sticky top-0 z-20 flex h-16 items-center justify-between border-b border-slate-200 bg-white px-4 sm:px-6">
          <div className="flex items-center gap-3">
            <button
              ref={menu.opener}
              type="button"
              className="rounded p-1 text-slate-600 hover:bg-slate-100 lg:hidden"
              onClick={menu.show}
              aria-label="Open menu"
              aria-expanded={menu.open}
            >
              <Menu className="h-6 w-6" />
            </button>
            <h1 className="text-xl font-semibold text-slate-900" data-testid="page-name">
              {pageName}
            </h1>
          </div>
          <div className="print:hidden">
            <NotificationBell />
          </div>
        </header>
        <main className="p-4 sm:p-6">
          <Outlet />
        </main>
      </div>
    </div>
  );
}

function SidebarNavigation({ onNavigate }: { onNavigate: () => void }) {
  const user = useAuthStore((state) => state.user);
  const entries = NAVIGATION.filter((entry) => hasAnyPermission(user, entry.anyOf));
  return (
    <nav className="flex-1 space-y-1 overflow-y-auto p-3" aria-label="Main">
      {entries.map((entry) => (
        <NavLink
          key={entry.path}
          to={entry.path}
          end={entry.path === '/'}
          onClick={onNavigate}
          className={({ isActive }) =>
            cn(
              'flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium',
              isActive ? 'bg-blue-50 text-blue-700' : 'text-slate-700 hover:bg-slate-100',
            )
          }
        >
          <entry.icon className="h-4 w-4" aria-hidden="true" />
          {entry.label}
        </NavLink>
      ))}
    </nav>
  );
}

function SidebarFooter() {
  const user = useAuthStore((state) => state.user);
  const navigate = useNavigate();
  const signOut = useSignOut();
  const email = user?.email ?? '';

  async function handleSignOut() {
    const ok = await signOut();
    if (!ok) toast.error('Sign out failed on the server; you are signed out here.');
    navigate('/login', { replace: true });
  }

  return (
    <div className="border-t border-slate-200 p-4">
      <div className="flex items-center gap-3">
        <span
          className="flex h-9 w-9 items-center justify-center rounded-full bg-blue-600 text-sm font-semibold text-white"
          aria-hidden="true"
        >
          {email.charAt(0).toUpperCase()}
        </span>
        <span className="min-w-0 flex-1 truncate text-sm text-slate-700" data-testid="user-email">
          {email}
        </span>
      </div>
      <button
        type="button"
        onClick={handleSignOut}
        className="mt-3 flex w-full items-center justify-center gap-2 rounded-lg border border-slate-200 px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
      >
        <LogOut className="h-4 w-4" aria-hidden="true" /> Sign out
      </button>
    </div>
  );
}
