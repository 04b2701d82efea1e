import { useMutation } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { trpc } from '../../../lib/trpc';

/** Start OAuth Authorization (and Re-authorize): GET /qbo/auth, then the browser goes there. */
export function useStartQboAuthorization() {
  const utils = trpc.useUtils();
  return useMutation({
    mutationFn: () => utils.client.qbo.auth.query(),
    onSuccess: (answer) => window.location.assign(answer.data.authUrl),
    onError: () => toast.error('Failed to start OAuth flow'),
  });
}
