import { ZCallDateRangeSchema, type TCallDateRange } from '@phone-billing/api/schemas';
import { useEffect, useRef, useState } from 'react';
import { firstOfMonthInCompanyZone, setCompanyTimezone, todayInCompanyZone } from '../../../lib/dates';

type RangeErrors = { startDate?: string; endDate?: string };

const thisMonthSoFar = (): TCallDateRange => ({
  startDate: firstOfMonthInCompanyZone(),
  endDate: todayInCompanyZone(),
});

/**
 * The call date range as typed (this month so far until changed), its field errors, and `validRange`
 * that either returns it checked or shows why not. `timezone` is the company's, once the server says it.
 */
export function useCallRange(timezone: string | undefined) {
  const [range, setRange] = useState<TCallDateRange>(thisMonthSoFar);
  const [errors, setErrors] = useState<RangeErrors>({});
  const touched = useRef(false);

  // Dates follow the company timezone once the server has said which it is.
  useEffect(() => {
    if (!timezone) return;
    setCompanyTimezone(timezone);
    if (!touched.current) setRange(thisMonthSoFar());
  }, [timezone]);

  function change(next: Partial<TCallDateRange>) {
    touched.current = true;
    setRange((current) => ({ ...current, ...next }));
    setErrors({});
  }

  function validRange(): TCallDateRange | null {
    const parsed = ZCallDateRangeSchema.safeParse(range);
    if (parsed.success) return parsed.data;
    const found: RangeErrors = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as 'startDate' | 'endDate';
      found[field] ??= issue.message;
    }
    setErrors(found);
    return null;
  }

  return { range, errors, change, validRange };
}
