import toast from 'react-hot-toast';
import { errorMessage, trpc } from '../../../lib/trpc';

export function useTestQboConnection() {
  const utils = trpc.useUtils();
  return trpc.qbo.testConnection.useMutation({
    onSuccess: () => toast.success('QBO connection successful!'),
    onError: (error) => toast.error(errorMessage(error, 'Connection test failed')),
    onSettled: () => utils.qbo.status.invalidate(),
  });
}
