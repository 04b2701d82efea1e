import { useMemo } from 'react';
import { trpc } from '../../../lib/trpc';

/** Wrap-up code names by id (call records carry only the code's id). */
export function useWrapUpNames(): Map<string, string> {
  const wrapUps = trpc.genesys.wrapUpCodes.useQuery(undefined, { staleTime: 5 * 60_000 });
  return useMemo(() => new Map((wrapUps.data?.data ?? []).map((code) => [code.id, code.name])), [wrapUps.data]);
}
