import toast from 'react-hot-toast';
import { errorMessage, trpc } from '../../../lib/trpc';

/** Disconnect: QuickBooks revokes the tokens, and they are deleted here (audited). */
export function useDisconnectQbo() {
  const utils = trpc.useUtils();
  return trpc.qbo.disconnect.useMutation({
    onSuccess: (answer) =>
      answer.data.revokedAtQuickBooks
        ? toast.success(answer.message ?? 'QuickBooks disconnected')
        : toast.error(answer.message ?? 'QuickBooks disconnected'),
    onError: (error) => toast.error(errorMessage(error, 'Failed to disconnect QuickBooks')),
    onSettled: () => utils.qbo.invalidate(),
  });
}
