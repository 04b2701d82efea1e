import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Toaster } from 'react-hot-toast';
import { createQueryClient, createTrpcClient, trpc } from '../lib/trpc';

/** The app's query cache and API client: made here unless given (main.tsx makes them before rendering). */
export function AppProviders({
  children,
  queryClient: givenQueryClient,
  trpcClient: givenTrpcClient,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
  trpcClient?: ReturnType<typeof createTrpcClient>;
}) {
  const [queryClient] = useState(() => givenQueryClient ?? createQueryClient());
  const [trpcClient] = useState(() => givenTrpcClient ?? createTrpcClient());
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        {children}
        {/* react-hot-toast's defaults are the spec's numbers (20 kept, 2 s / 4 s, 350 px). */}
        <Toaster position="top-right" />
      </QueryClientProvider>
    </trpc.Provider>
  );
}
