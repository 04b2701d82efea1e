import type { TAuthUser } from '@phone-billing/api/schemas';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

interface AuthState {
  user: TAuthUser | null;
  isAuthenticated: boolean;
  /** True once the persisted state has been read from browser storage. */
  hasHydrated: boolean;
  /** True once this page load has asked the server who is signed in (once per page load). */
  sessionChecked: boolean;
  setUser(user: TAuthUser | null): void;
  clearUser(): void;
  markSessionChecked(): void;
}

export const useAuthStore = create<AuthState>()(
  persist(
    (set) => ({
      user: null,
      isAuthenticated: false,
      hasHydrated: false,
      sessionChecked: false,
      setUser: (user) => set({ user, isAuthenticated: user !== null }),
      clearUser: () => set({ user: null, isAuthenticated: false }),
      markSessionChecked: () => set({ sessionChecked: true }),
    }),
    {
      name: 'auth-storage',
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ user: state.user, isAuthenticated: state.isAuthenticated }),
    },
  ),
);

// localStorage hydrates synchronously inside create(), before the store variable exists, so mark
// hydration here rather than in onRehydrateStorage.
useAuthStore.persist.onFinishHydration(() => useAuthStore.setState({ hasHydrated: true }));
if (useAuthStore.persist.hasHydrated()) useAuthStore.setState({ hasHydrated: true });

/** A user without a permissions array has none; a permission is held only if listed. */
export function hasAnyPermission(user: TAuthUser | null, anyOf: readonly string[]): boolean {
  const permissions = user?.permissions;
  if (!Array.isArray(permissions)) return false;
  return anyOf.some((permission) => permissions.includes(permission));
}

export function usePermission(...anyOf: string[]): boolean {
  return useAuthStore((state) => hasAnyPermission(state.user, anyOf));
}
