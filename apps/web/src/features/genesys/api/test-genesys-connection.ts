import toast from 'react-hot-toast';
import { errorMessage, trpc } from '../../../lib/trpc';

/** Test Connection: a fresh token and directory; the status and lists follow. */
export function useTestGenesysConnection() {
  const utils = trpc.useUtils();
  return trpc.genesys.testConnection.useMutation({
    onSuccess: (answer) => {
      toast.success(answer.data.message);
      void utils.genesys.status.invalidate();
      void utils.genesys.users.invalidate();
      void utils.genesys.queues.invalidate();
    },
    onError: (error) => toast.error(errorMessage(error, 'Failed to test connection')),
  });
}
