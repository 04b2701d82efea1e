import type { TCallDateRange } from '@phone-billing/api/schemas';
import { Button } from '@phone-billing/ui/button';
import { Card, CardContent } from '@phone-billing/ui/card';
import { BarChart3, CalendarClock, FileText, Search } from 'lucide-react';
import toast from 'react-hot-toast';
import { TextField } from '../../../components/text-field';

/** The two date fields of the range, start first. */
const RANGE_ENDS = [
  { end: 'startDate', label: 'Start Date', id: 'genesys-start-date' },
  { end: 'endDate', label: 'End Date', id: 'genesys-end-date' },
] as const;

interface CallRangeCardProps {
  range: TCallDateRange;
  errors: { startDate?: string; endDate?: string };
  onRangeChange: (change: Partial<TCallDateRange>) => void;
  onGetCallRecords: () => void;
  fetchingRecords: boolean;
  onGetAnalytics: () => void;
  fetchingAnalytics: boolean;
}

/** The date range with Get Call Records and Get Analytics (spec 000 §2); PDF Report and Schedule are "coming soon". */
export function CallRangeCard({
  range,
  errors,
  onRangeChange,
  onGetCallRecords,
  fetchingRecords,
  onGetAnalytics,
  fetchingAnalytics,
}: CallRangeCardProps) {
  return (
    <Card>
      <CardContent className="flex flex-col gap-4 lg:flex-row lg:items-end">
        {RANGE_ENDS.map(({ end, label, id }) => (
          <TextField
            key={end}
            label={label}
            id={id}
            type="date"
            className="lg:w-48"
            error={errors[end]}
            value={range[end]}
            onChange={(event) => onRangeChange({ [end]: event.target.value })}
          />
        ))}
        <div className="flex flex-wrap gap-2 lg:pb-px">
          <Button onClick={onGetCallRecords} loading={fetchingRecords}>
            {fetchingRecords ? null : <Search className="size-4" aria-hidden="true" />}
            Get Call Records
          </Button>
          <Button variant="outline" onClick={onGetAnalytics} loading={fetchingAnalytics}>
            {fetchingAnalytics ? null : <BarChart3 className="size-4" aria-hidden="true" />}
            Get Analytics
          </Button>
        </div>
        <div className="flex flex-wrap gap-2 lg:ml-auto lg:pb-px">
          <Button variant="ghost" onClick={() => toast('PDF reports are coming soon')}>
            <FileText className="size-4" aria-hidden="true" />
            PDF Report
          </Button>
          <Button variant="ghost" onClick={() => toast('Scheduled reports are coming soon')}>
            <CalendarClock className="size-4" aria-hidden="true" />
            Schedule
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
