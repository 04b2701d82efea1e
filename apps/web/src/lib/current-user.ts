import { trpc } from './trpc';

/**
 * Asks the server who is signed in, never from cache (GET /auth/me). The session check at page
 * load, the re-check on navigation and a change of one's own roles all go through it.
 */
export function useFetchCurrentUser() {
  const utils = trpc.useUtils();
  return async () => (await utils.auth.me.fetch(undefined, { staleTime: 0 })).user;
}

/**
 * The session check at page load: who is signed in, or null for nobody (auth.session answers 200
 * either way, so a signed-out visitor's console shows no failed request).
 */
export function useFetchSessionUser() {
  const utils = trpc.useUtils();
  return async () => (await utils.auth.session.fetch(undefined, { staleTime: 0 })).user;
}
