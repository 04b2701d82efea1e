import { trpc } from './trpc';

/**
 * Asks the server who is signed in, never from cache (GET /auth/me). The session check at page
 * load, the re-check on navigation and a change of one's own roles all go through it.
 */
export function useFetchCurrentUser() {
  const utils = trpc.useUtils();
  return async () => (await utils.auth.me.fetch(undefined, { staleTime: 0 })).user;
}
