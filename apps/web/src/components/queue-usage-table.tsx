import { cn } from '@phone-billing/ui/lib/cn';
import { Table, TBody, Td, Th, THead, Tr } from '@phone-billing/ui/table';
import type { ReactNode } from 'react';
import { formatNumber } from '../lib/format';

/** One queue's row: its calls and minutes, and the table's last figure (an amount, a share). */
export type QueueUsageRow = { key: string; queue: ReactNode; calls: number; minutes: number; last: ReactNode };

interface QueueUsageTableProps {
  rows: QueueUsageRow[];
  /** The last column's heading, e.g. 'Amount' or 'Share'. */
  lastHeader: string;
  /** The table's accessible name, where no named section around it gives one. */
  label?: string;
  /** Bold queue names, where the table stands alone in a card. */
  emphasiseQueue?: boolean;
  wrapperClassName?: string;
}

/** Calls and minutes per queue, with one more figure: a customer's statistics and Genesys analytics. */
export function QueueUsageTable({
  rows,
  lastHeader,
  label,
  emphasiseQueue = false,
  wrapperClassName,
}: QueueUsageTableProps) {
  return (
    <Table aria-label={label} wrapperClassName={wrapperClassName}>
      <THead>
        <tr>
          <Th>Queue</Th>
          <Th className="text-right">Calls</Th>
          <Th className="text-right">Minutes</Th>
          <Th className="text-right">{lastHeader}</Th>
        </tr>
      </THead>
      <TBody>
        {rows.map((row) => (
          <Tr key={row.key}>
            <Td className={cn(emphasiseQueue && 'font-medium text-slate-900')}>{row.queue}</Td>
            <Td className="text-right">{formatNumber(row.calls)}</Td>
            <Td className="text-right">{formatNumber(row.minutes, 2)}</Td>
            <Td className="text-right">{row.last}</Td>
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}
