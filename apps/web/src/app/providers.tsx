import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Toaster } from 'react-hot-toast';
import { createQueryClient, createTrpcClient, trpc } from '../lib/trpc';

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  const [trpcClient] = useState(createTrpcClient);
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
