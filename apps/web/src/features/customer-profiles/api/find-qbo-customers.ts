import { useEffect, useState } from 'react';
import { trpc } from '../../../lib/trpc';

/** Wait this long after the last key before asking QuickBooks. */
const TYPING_PAUSE_MS = 300;

/**
 * The customer type-ahead (GET /qbo/customers/search): QuickBooks customers with the typed text in
 * their name, company or e-mail, asked for once typing pauses and at least two characters are typed.
 */
export function useFindQboCustomers(typed: string) {
  const [term, setTerm] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setTerm(typed.trim()), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const query = trpc.qbo.searchCustomers.useQuery(
    { q: term },
    { enabled: term.length >= 2, staleTime: 30_000, retry: false },
  );
  return { term, ...query };
}
