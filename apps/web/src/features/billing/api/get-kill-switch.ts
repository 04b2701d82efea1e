import { trpc } from '../../../lib/trpc';

/** The kill switch as Settings holds it (who turned it on, when, why), kept fresh while shown. */
export function useKillSwitch() {
  return trpc.settings.get.useQuery(undefined, { select: (answer) => answer.data.killSwitch, refetchInterval: 30_000 });
}
