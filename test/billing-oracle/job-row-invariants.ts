// What must hold of the app's job rows after every step of the billing oracle (invariants.ts):
// they agree with the invoices QuickBooks holds.
import { centsOf, formatCents } from './money';
import { fail } from './invariants';
import type { BillingWorld } from './world';

/** Job rows agree with the ledger QuickBooks holds: every invoice of a completed job is on its row, and the row's amount is the invoice's. */
export async function checkJobRows(world: BillingWorld): Promise<void> {
  world.quickBooks.refresh(world.nowMs);
  const invoices = world.quickBooks.invoices();
  const credits = world.quickBooks.credits();
  const perJobAndCustomer = new Map<string, string[]>();
  for (const invoice of invoices) {
    const key = `${invoice.jobCode}:${invoice.customerId}`;
    perJobAndCustomer.set(key, [...(perJobAndCustomer.get(key) ?? []), invoice.docNumber]);
  }
  // DocNumbers are unique in the company and at most 21 characters (those a person typed aside).
  const ours = invoices.filter((invoice) => !world.renumbered.has(invoice.id));
  for (const invoice of ours) {
    if (invoice.docNumber.length > 21) fail(`invoice ${invoice.docNumber} has a DocNumber longer than 21 characters`);
    const twin = ours.find((other) => other !== invoice && other.docNumber === invoice.docNumber);
    if (twin) fail(`two invoices carry DocNumber ${invoice.docNumber} (QuickBooks ${twin.id} and ${invoice.id})`);
  }
  for (const [key, docNumbers] of perJobAndCustomer) {
    if (docNumbers.length > 1)
      fail(
        `job ${key.split(':')[0]} sent ${docNumbers.length} invoices to QuickBooks customer ${key.split(':')[1]}: ${docNumbers.join(', ')} (a double send)`,
      );
  }
  const jobs = await world.db.billingJob.findMany({
    where: { status: 'COMPLETED', type: { not: 'DRY_RUN' } },
    include: { customers: true },
  });
  for (const job of jobs) {
    const ofJob = invoices.filter((invoice) => invoice.jobCode === job.jobId);
    for (const customer of job.customers) {
      const profile = customer.profileId ? world.model.profiles.get(customer.profileId) : undefined;
      const held = ofJob.filter((invoice) => invoice.customerId === profile?.qboCustomerId);
      if (held.length > 1)
        fail(
          `job ${job.jobId} sent ${held.length} invoices to ${customer.customerName}: ${held.map((invoice) => invoice.docNumber).join(', ')}`,
        );
      if (customer.status === 'INVOICED' && customer.qboInvoiceId === null && customer.qboCreditMemoId !== null) {
        // Only a credit memo for this customer (its periods were over-invoiced, nothing new to bill).
        const memo = credits.find((candidate) => candidate.id === customer.qboCreditMemoId);
        if (!memo || memo.jobCode !== job.jobId || centsOf(Number(customer.amount)) !== 0n)
          fail(
            `job ${job.jobId}: ${customer.customerName} is INVOICED with only credit memo ${customer.qboCreditMemoId} and amount ${customer.amount}, which QuickBooks does not hold as this job's`,
          );
      } else if (customer.status === 'INVOICED') {
        const invoice = invoices.find((candidate) => candidate.id === customer.qboInvoiceId);
        if (!invoice || invoice.jobCode !== job.jobId)
          fail(
            `job ${job.jobId}: ${customer.customerName} is INVOICED as QuickBooks ${customer.qboInvoiceId}, which QuickBooks never held for this job`,
          );
        if (invoice.state === 'active' && centsOf(invoice.total) !== centsOf(Number(customer.amount))) {
          fail(
            `job ${job.jobId}: ${customer.customerName}'s row says ${customer.amount}, QuickBooks invoice ${invoice.docNumber} holds ${invoice.total}`,
          );
        }
      } else if (held.length === 1) {
        fail(
          `job ${job.jobId} completed with ${customer.customerName} ${customer.status}, yet QuickBooks holds its invoice ${held[0]!.docNumber}`,
        );
      }
    }
    const invoicedTotal = job.customers
      .filter((customer) => customer.status === 'INVOICED')
      .reduce((sum, customer) => sum + centsOf(Number(customer.amount)), 0n);
    if (centsOf(Number(job.totalAmount)) !== invoicedTotal)
      fail(
        `job ${job.jobId}: total ${job.totalAmount}, its invoiced customers add up to ${formatCents(invoicedTotal)}`,
      );
  }
}
