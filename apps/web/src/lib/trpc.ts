import type { AppRouter } from '@phone-billing/api';
import { QueryClient } from '@tanstack/react-query';
import { httpBatchLink, TRPCClientError } from '@trpc/client';
import { createTRPCReact } from '@trpc/react-query';
import { API_BASE_URL } from '../config/env';

export const trpc = createTRPCReact<AppRouter>();

/** What `trpc.useUtils()` gives: fetch, prefetch and invalidate outside a query hook. */
export type TrpcUtils = ReturnType<typeof trpc.useUtils>;

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
  const status =
    error instanceof TRPCClientError ? (error.data as { httpStatus?: number } | undefined)?.httpStatus : undefined;
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

/** The field problems our API named in a refusal ({ path, msg }), e.g. a run's range that has not ended. */
export function fieldErrorsOf(error: unknown): Array<{ path: string; msg: string }> {
  if (!(error instanceof TRPCClientError)) return [];
  const errors = (error.data as { errors?: unknown } | undefined)?.errors;
  return Array.isArray(errors)
    ? errors.filter(
        (entry): entry is { path: string; msg: string } =>
          typeof entry?.path === 'string' && typeof entry?.msg === 'string',
      )
    : [];
}

export function httpStatusOf(error: unknown): number | undefined {
  return error instanceof TRPCClientError ? (error.data as { httpStatus?: number } | undefined)?.httpStatus : undefined;
}
