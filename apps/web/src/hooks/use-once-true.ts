import { useState } from 'react';

/** False until `value` is first true, then true for good (a lazily loaded dialog stays mounted once opened). */
export function useOnceTrue(value: boolean): boolean {
  const [seen, setSeen] = useState(value);
  if (value && !seen) setSeen(true);
  return seen || value;
}
