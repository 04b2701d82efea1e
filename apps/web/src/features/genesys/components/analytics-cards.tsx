import { Card, CardContent, CardHeader, CardTitle } from '@phone-billing/ui/card';
import { Table, TBody, Td, Th, THead, Tr } from '@phone-billing/ui/table';
import type { ReactNode } from 'react';
import { formatNumber } from '../../../lib/format';

/** A titled card around one chart or table of the Analytics tab. */
export function ChartCard({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        {description ? <span className="text-xs text-slate-500">{description}</span> : null}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/** A two-column table of calls per user or per date; `emphasise` sets the first column in bold (names). */
export function CountTable({
  label,
  keyHeader,
  rows,
  emphasise = false,
}: {
  label: string;
  keyHeader: string;
  rows: Array<{ id: string; label: string; calls: number }>;
  emphasise?: boolean;
}) {
  return (
    <Table aria-label={label} wrapperClassName="shadow-none">
      <THead>
        <tr>
          <Th>{keyHeader}</Th>
          <Th className="text-right">Calls</Th>
        </tr>
      </THead>
      <TBody>
        {rows.map((row) => (
          <Tr key={row.id}>
            <Td className={emphasise ? 'font-medium text-slate-900' : undefined}>{row.label}</Td>
            <Td className="text-right">{formatNumber(row.calls)}</Td>
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}
