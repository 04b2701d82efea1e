import { useState } from 'react';
import toast from 'react-hot-toast';
import { errorMessage, trpc } from '../../../lib/trpc';

/** QBO Setup's quick actions with the spec's toasts (000 §8). */
export function useQboActions() {
  const utils = trpc.useUtils();
  const [pending, setPending] = useState<'auth' | 'test' | 'refresh' | null>(null);

  async function startAuthorization() {
    setPending('auth');
    try {
      const answer = await utils.client.qbo.auth.query();
      window.location.assign(answer.data.authUrl);
    } catch {
      toast.error('Failed to start OAuth flow');
      setPending(null);
    }
  }

  async function testConnection() {
    setPending('test');
    try {
      await utils.client.qbo.testConnection.mutate();
      toast.success('QBO connection successful!');
    } catch (error) {
      toast.error(errorMessage(error, 'Connection test failed'));
    } finally {
      setPending(null);
      await utils.qbo.status.invalidate();
    }
  }

  async function refreshToken() {
    setPending('refresh');
    try {
      await utils.client.qbo.refresh.query();
      toast.success('Token refreshed successfully');
    } catch {
      toast.error('Failed to refresh token');
    } finally {
      setPending(null);
      await utils.qbo.status.invalidate();
    }
  }

  return { pending, startAuthorization, testConnection, refreshToken };
}

/** "in 58 min", "in 45 s", "expired". */
export function formatExpiresIn(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined) return '—';
  if (seconds <= 0) return 'expired';
  if (seconds < 120) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 120) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}
