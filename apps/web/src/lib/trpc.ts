import type { AppRouter } from '@phone-billing/api';
import { QueryClient } from '@tanstack/react-query';
import { httpBatchLink, TRPCClientError } from '@trpc/client';
import { createTRPCReact } from '@trpc/react-query';
import { API_BASE_URL } from '../config/env';

export const trpc = createTRPCReact<AppRouter>();

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => failureCount < 2 && !isClientError(error),
        refetchOnWindowFocus: false,
        staleTime: 10_000,
      },
    },
  });
}

export function createTrpcClient() {
  return trpc.createClient({
    links: [
      httpBatchLink({
        url: `${API_BASE_URL}/trpc`,
        // Cookies carry the session; same-origin by default, included when VITE_API_BASE_URL points elsewhere.
        fetch: (url, options) => fetch(url, { ...(options as RequestInit), credentials: 'include' }),
      }),
    ],
  });
}

function isClientError(error: unknown): boolean {
  const status = error instanceof TRPCClientError ? (error.data as { httpStatus?: number } | undefined)?.httpStatus : undefined;
  return status !== undefined && status >= 400 && status < 500;
}

/**
 * The one text a failed call shows (spec 000 §8, 001 §8): the message our API wrote, else the
 * screen's catalogue text. Anything that is not our API's JSON answer (a proxy's HTML 502 page,
 * a dropped connection, a server bug's 500) shows the catalogue text, never parser or network
 * jargon such as "Unexpected token '<'" or "Failed to fetch".
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof TRPCClientError) || !error.shape) return fallback;
  const data = error.data as { code?: string } | undefined;
  if (data?.code === 'INTERNAL_SERVER_ERROR') return fallback;
  return typeof error.message === 'string' && error.message.trim() ? error.message : fallback;
}

export function httpStatusOf(error: unknown): number | undefined {
  return error instanceof TRPCClientError ? (error.data as { httpStatus?: number } | undefined)?.httpStatus : undefined;
}
