// The simulated QuickBooks Online invoice page, at the path the real app uses for it
// (/app/invoice?txnId=<Id>), so "open in QuickBooks" links work against the simulator too.
import type { QboCustomer, QboInvoice } from '../entities';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

const money = (amount: number | undefined) => (amount === undefined ? '' : `$${amount.toFixed(2)}`);

export function invoicePageHtml(invoice: QboInvoice, customer: QboCustomer | undefined, companyName: string): string {
  const voided = /^Voided\b/.test(invoice.PrivateNote ?? '');
  const lines = invoice.Line.filter((line) => line.DetailType === 'SalesItemLineDetail')
    .map((line) => {
      const detail = (line as { SalesItemLineDetail?: { Qty?: number; UnitPrice?: number } }).SalesItemLineDetail;
      const description = (line as { Description?: string }).Description ?? '';
      return `<tr><td>${escapeHtml(description)}</td><td style="text-align:right">${detail?.Qty ?? ''}</td><td style="text-align:right">${detail?.UnitPrice ?? ''}</td><td style="text-align:right">${money(line.Amount)}</td></tr>`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Invoice ${escapeHtml(invoice.DocNumber)} (simulated QuickBooks)</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 48rem; margin: 2rem auto; padding: 0 1rem; color: #1f2937">
<p style="color: #1b6e12; font-weight: 700">intuit quickbooks &middot; simulator &middot; ${escapeHtml(companyName)}</p>
<h1 style="font-size: 1.4rem">Invoice no. ${escapeHtml(invoice.DocNumber)}${voided ? ' <span style="color:#b91c1c">(Voided)</span>' : ''}</h1>
<dl style="display:grid; grid-template-columns: max-content 1fr; gap: 0.25rem 1rem">
<dt>Customer</dt><dd style="margin:0">${escapeHtml(customer?.DisplayName ?? invoice.CustomerRef.name ?? invoice.CustomerRef.value)}</dd>
<dt>Invoice date</dt><dd style="margin:0">${escapeHtml(invoice.TxnDate)}</dd>
<dt>Due date</dt><dd style="margin:0">${escapeHtml(invoice.DueDate)}</dd>
<dt>Total</dt><dd style="margin:0">${money(invoice.TotalAmt)}</dd>
<dt>Balance</dt><dd style="margin:0">${money(invoice.Balance)}</dd>
</dl>
<table style="width:100%; border-collapse: collapse; margin-top: 1rem">
<thead><tr><th style="text-align:left">Description</th><th style="text-align:right">Qty</th><th style="text-align:right">Rate</th><th style="text-align:right">Amount</th></tr></thead>
<tbody>
${lines}
</tbody>
</table>
${invoice.CustomerMemo?.value ? `<p>${escapeHtml(invoice.CustomerMemo.value)}</p>` : ''}
</body>
</html>`;
}
