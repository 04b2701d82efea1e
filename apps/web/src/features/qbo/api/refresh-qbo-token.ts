import { useMutation } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { trpc } from '../../../lib/trpc';

/** Refresh Token: spends the refresh token now (GET /qbo/refresh). */
export function useRefreshQboToken() {
  const utils = trpc.useUtils();
  return useMutation({
    mutationFn: () => utils.client.qbo.refresh.query(),
    onSuccess: () => toast.success('Token refreshed successfully'),
    onError: () => toast.error('Failed to refresh token'),
    onSettled: () => utils.qbo.status.invalidate(),
  });
}
