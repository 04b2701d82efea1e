import { Bell } from 'lucide-react';

/** The header bell. What it lists is decided by the notifications area (issue: dashboard and notifications). */
export function NotificationBell() {
  return (
    <button type="button" className="relative rounded-full p-2 text-slate-600 hover:bg-slate-100" aria-label="Notifications">
      <Bell className="h-5 w-5" />
    </button>
  );
}
