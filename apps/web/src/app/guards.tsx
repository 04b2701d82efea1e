import { Navigate, Outlet, useLocation } from 'react-router';
import { hasAnyPermission, useAuthStore } from '../lib/auth-store';
import { AccessRestricted } from '../components/errors/access-restricted';

/** Unauthenticated visitors to any route but /login and /qbo-callback go to /login. */
export function RequireAuth() {
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  const location = useLocation();
  if (!isAuthenticated) return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  return <Outlet />;
}

/** Route-level guard (spec 000 §2): shows 'Access restricted' to users without the permission. */
export function RequirePermission({ anyOf }: { anyOf: string[] }) {
  const user = useAuthStore((state) => state.user);
  if (!hasAnyPermission(user, anyOf)) return <AccessRestricted />;
  return <Outlet />;
}
