import { useMutation } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { trpc } from '../../../lib/trpc';

/** Refresh Token: spends the refresh token now (POST /qbo/refresh: a state change is never a GET). */
export function useRefreshQboToken() {
  const utils = trpc.useUtils();
  return useMutation({
    mutationFn: () => utils.client.qbo.refreshToken.mutate(),
    onSuccess: () => toast.success('Token refreshed successfully'),
    onError: () => toast.error('Failed to refresh token'),
    onSettled: () => utils.qbo.status.invalidate(),
  });
}
