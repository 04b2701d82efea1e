import { setCompanyTimezone } from '../../../lib/dates';
import { trpc } from '../../../lib/trpc';

/** PUT /settings; the answer replaces the cached settings (and the company timezone of dates). */
export function useUpdateSettings() {
  const utils = trpc.useUtils();
  return trpc.settings.update.useMutation({
    onSuccess: (answer) => {
      utils.settings.get.setData(undefined, answer);
      setCompanyTimezone(answer.data.timezone);
    },
  });
}
