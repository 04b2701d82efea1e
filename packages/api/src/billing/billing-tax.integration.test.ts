import { companyTax, SIMULATED_US_SALES_TAX_PERCENT } from '@phone-billing/integrations/qbo/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RestClient } from '../../../../test/rest-client';
import { startTestServer, type TestServer } from '../../../../test/server';
import {
  connectQbo,
  createProfile,
  qboEnv,
  runJob,
  startQboSimulator,
  stubGenesys,
  waitForJob,
} from '../../../../test/billing-kit';

// Tax codes come from the connected QuickBooks company: the profile form offers them, a code the
// company does not know is refused naming the valid ones (on save and before an invoice goes
// out), and where QuickBooks adds tax the invoice keeps both what we billed and QuickBooks' total.

type JobCustomer = {
  customerName: string;
  status: string;
  amount: number;
  qboTaxAmount: number | null;
  qboTotalAmount: number | null;
  qboInvoiceId: string | null;
  error: string | null;
};

describe('tax codes from the connected QuickBooks company', () => {
  let test: TestServer;
  let admin: RestClient;
  let sim: Awaited<ReturnType<typeof startQboSimulator>>;

  beforeAll(async () => {
    sim = await startQboSimulator({ companyTax: companyTax('US', true) });
    test = await startTestServer({ env: qboEnv(sim.simulator, sim.url) });
    admin = await test.admin();
    stubGenesys(test);
    expect(await connectQbo(test, admin, sim.simulator, sim.url)).toBe('product');
  });

  afterAll(async () => {
    await test?.stop();
    await sim?.close();
  });

  const profile = (name: string, taxCode: string | null) => ({
    genesysQueueNames: [`${name} Queue`],
    qboDisplayName: name,
    ratePerMinute: '0.5',
    minimumMinutes: 100,
    qboCustomerId: '1',
    billingStartDate: '2026-01-01',
    taxCode,
  });

  it("offers the company's codes, takes one of them and refuses another, naming the valid codes", async () => {
    const codes = await admin.get('/api/v1/qbo/tax-codes');
    expect(codes.status).toBe(200);
    expect(codes.body).toMatchObject({ connected: true, noTaxAllowed: true });
    expect(codes.body.data.map((code: { id: string }) => code.id)).toEqual(['TAX', 'NON']);

    expect((await admin.post('/api/v1/customer-profiles', profile('Taxed Co', 'TAX'))).status).toBe(201);
    expect((await admin.post('/api/v1/customer-profiles', profile('Untaxed Co', null))).status).toBe(201);
    const refused = await admin.post('/api/v1/customer-profiles', profile('Wrong Co', 'VAT20'));
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe(
      'Tax code "VAT20" is not one of this QuickBooks company\'s tax codes. Valid tax codes: TAX (Taxable), NON (Non-taxable).',
    );
    expect(await test.server.services.db.customerProfile.count({ where: { qboDisplayName: 'Wrong Co' } })).toBe(0);
  });

  it('records billed amount, tax and QuickBooks total where QuickBooks adds tax, and fails a code it does not know before sending', async () => {
    // Saved before QuickBooks was connected, say: billing checks the code again.
    await createProfile(test.server.services.db, {
      name: 'Legacy Co',
      queues: ['Legacy Co Queue'],
      rate: '0.5',
      minimum: 10,
      taxCode: 'GST',
      qboCustomerId: '2',
    });
    const before = sim.simulator.invoices().length;
    const { id } = await runJob(admin, {
      billingPeriodStart: '2026-06-01',
      billingPeriodEnd: '2026-06-30',
      selectedQueues: ['Taxed Co Queue', 'Untaxed Co Queue', 'Legacy Co Queue'],
    });
    const job = await waitForJob(test, admin, id, 60_000);
    const byName = new Map((job.customers as JobCustomer[]).map((customer) => [customer.customerName, customer]));

    const tax = Math.round(50 * SIMULATED_US_SALES_TAX_PERCENT) / 100;
    expect(byName.get('Taxed Co')).toMatchObject({
      status: 'INVOICED',
      amount: 50,
      qboTaxAmount: tax,
      qboTotalAmount: 50 + tax,
    });
    expect(byName.get('Untaxed Co')).toMatchObject({
      status: 'INVOICED',
      amount: 50,
      qboTaxAmount: 0,
      qboTotalAmount: 50,
    });
    const invoice = sim.simulator
      .invoices()
      .find((candidate) => candidate.Id === byName.get('Taxed Co')!.qboInvoiceId)!;
    expect(invoice.TotalAmt).toBe(50 + tax);

    expect(byName.get('Legacy Co')).toMatchObject({ status: 'FAILED', qboInvoiceId: null });
    expect(byName.get('Legacy Co')!.error).toContain(
      'Tax code "GST" is not one of this QuickBooks company\'s tax codes. Valid tax codes: TAX (Taxable), NON (Non-taxable).',
    );
    expect(sim.simulator.invoices().length).toBe(before + 2);
  });

  it('a non-US company offers its own codes and needs one on every profile', async () => {
    sim.simulator.setCompanyTax(companyTax('non-US'));
    const codes = await admin.get('/api/v1/qbo/tax-codes');
    expect(codes.body).toMatchObject({ connected: true, noTaxAllowed: false });
    expect(codes.body.data.map((code: { name: string }) => code.name)).toEqual(['20.0% S', '0.0% Z', 'Exempt']);
    const none = await admin.post('/api/v1/customer-profiles', profile('Londoner Ltd', null));
    expect(none.status).toBe(400);
    expect(none.body.error).toContain('needs a tax code on every invoice line');
    expect(none.body.error).toContain('20.0% S [2] (Standard rated (20%))');
    expect((await admin.post('/api/v1/customer-profiles', profile('Londoner Ltd', '2'))).status).toBe(201);
  });
});
