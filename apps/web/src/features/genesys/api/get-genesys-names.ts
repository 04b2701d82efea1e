import { useMemo } from 'react';
import { trpc } from '../../../lib/trpc';


/** Every user's and queue's name by id, for showing names instead of ids in calls and analytics. */
export function useGenesysNames() {
  const users = trpc.genesys.users.useQuery({ page: 1, limit: 500 }, { staleTime: 5 * 60_000 });
  const queues = trpc.genesys.queues.useQuery({ page: 1, limit: 500 }, { staleTime: 5 * 60_000 });
  const wrapUps = trpc.genesys.wrapUpCodes.useQuery(undefined, { staleTime: 5 * 60_000 });
  return useMemo(() => {
    const userNames = new Map((users.data?.data ?? []).map((user) => [user.id, user.name]));
    const queueNames = new Map((queues.data?.data ?? []).map((queue) => [queue.id, queue.name]));
    const wrapUpNames = new Map((wrapUps.data?.data ?? []).map((code) => [code.id, code.name]));
    return { userNames, queueNames, wrapUpNames };
  }, [users.data, queues.data, wrapUps.data]);
}
