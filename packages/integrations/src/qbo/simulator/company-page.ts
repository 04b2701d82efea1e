// The simulated company's page (/app/company): every invoice with its balance and status, and the
// buttons a customer's actions come from (Record payment, Void, Delete), plus the payments with
// Delete. Plain HTML forms, so it works in any browser without scripts.
import type { QboInvoice } from '../entities';
import type { QboPayment } from '../receivable-entities';
import { receivableStatus } from '../receivable-status';
import type { CompanyState } from './state';
import { companyDate } from './wire-format';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

const money = (amount: number) => `$${amount.toFixed(2)}`;
const cell = 'padding: 0.35rem 0.5rem; border-bottom: 1px solid #e5e7eb';

function invoiceRow(invoice: QboInvoice, today: string): string {
  const status = receivableStatus(invoice, today);
  const id = escapeHtml(invoice.Id);
  const closed = status === 'VOIDED';
  const emailed = invoice.EmailStatus === 'EmailSent' ? 'Sent' : 'Not sent';
  const actions = closed
    ? ''
    : `<form method="post" action="company/invoices/${id}/payment" style="display:inline">
<label>Amount <input name="amount" type="number" step="0.01" min="0.01" max="${invoice.Balance}" value="${invoice.Balance.toFixed(2)}" style="width:7rem" aria-label="Payment amount for invoice ${escapeHtml(invoice.DocNumber)}"></label>
<button type="submit" ${invoice.Balance <= 0 ? 'disabled' : ''}>Record payment</button></form>
<form method="post" action="company/invoices/${id}/void" style="display:inline"><button type="submit">Void</button></form>`;
  return `<tr><td style="${cell}">${escapeHtml(invoice.DocNumber)}</td><td style="${cell}">${escapeHtml(invoice.CustomerRef.name ?? invoice.CustomerRef.value)}</td>
<td style="${cell}">${escapeHtml(invoice.TxnDate)}</td><td style="${cell}">${escapeHtml(invoice.DueDate)}</td>
<td style="${cell}; text-align:right">${money(invoice.TotalAmt)}</td><td style="${cell}; text-align:right">${money(invoice.Balance)}</td>
<td style="${cell}">${status}</td><td style="${cell}">${emailed}</td>
<td style="${cell}">${actions}
<form method="post" action="company/invoices/${id}/delete" style="display:inline"><button type="submit">Delete</button></form>
<a href="invoice?txnId=${id}">Open</a></td></tr>`;
}

function paymentRow(payment: QboPayment): string {
  const invoices = payment.Line.flatMap((line) =>
    line.LinkedTxn.map((link) => `${link.TxnId} (${money(line.Amount)})`),
  ).join(', ');
  return `<tr><td style="${cell}">${escapeHtml(payment.Id)}</td><td style="${cell}">${escapeHtml(payment.TxnDate)}</td><td style="${cell}">${escapeHtml(payment.CustomerRef.name ?? payment.CustomerRef.value)}</td>
<td style="${cell}; text-align:right">${money(payment.TotalAmt)}</td><td style="${cell}">${escapeHtml(invoices || 'unapplied')}</td>
<td style="${cell}"><form method="post" action="company/payments/${escapeHtml(payment.Id)}/delete"><button type="submit">Delete payment</button></form></td></tr>`;
}

export function companyPageHtml(
  company: CompanyState,
  payments: QboPayment[],
  message: string | null,
  webhookMode: string,
): string {
  const today = companyDate(new Date());
  const invoices = [...company.invoices].sort((a, b) => Number(b.Id) - Number(a.Id));
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(company.companyInfo.CompanyName)} (simulated QuickBooks)</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 80rem; margin: 2rem auto; padding: 0 1rem; color: #1f2937">
<p style="color: #1b6e12; font-weight: 700">intuit quickbooks &middot; simulator &middot; ${escapeHtml(company.companyInfo.CompanyName)}</p>
<h1 style="font-size: 1.4rem">Invoices</h1>
<p>Play the customer: record a payment, void or delete an invoice. QuickBooks tells Phone Billing through a webhook
(deliveries now: <strong>${escapeHtml(webhookMode)}</strong>) and its change data capture.</p>
${message ? `<p role="status" style="background:#ecfdf5; border:1px solid #10b981; padding:0.5rem">${escapeHtml(message)}</p>` : ''}
<div style="overflow-x:auto"><table style="width:100%; border-collapse: collapse">
<thead><tr><th style="text-align:left">No.</th><th style="text-align:left">Customer</th><th style="text-align:left">Date</th><th style="text-align:left">Due</th>
<th style="text-align:right">Total</th><th style="text-align:right">Balance</th><th style="text-align:left">Status</th><th style="text-align:left">E-mail</th><th style="text-align:left">Actions</th></tr></thead>
<tbody>
${invoices.length === 0 ? '<tr><td colspan="9">No invoices yet: run a billing job in Phone Billing.</td></tr>' : invoices.map((invoice) => invoiceRow(invoice, today)).join('\n')}
</tbody></table></div>
<h2 style="font-size: 1.2rem">Payments</h2>
<div style="overflow-x:auto"><table style="width:100%; border-collapse: collapse">
<thead><tr><th style="text-align:left">Id</th><th style="text-align:left">Date</th><th style="text-align:left">Customer</th><th style="text-align:right">Amount</th><th style="text-align:left">Applied to invoice</th><th></th></tr></thead>
<tbody>
${payments.length === 0 ? '<tr><td colspan="6">No payments yet.</td></tr>' : payments.map(paymentRow).join('\n')}
</tbody></table></div>
</body>
</html>`;
}
