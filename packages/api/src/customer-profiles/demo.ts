/**
 * Demo customer profiles for a newcomer running on the simulators: they tie the simulated Genesys
 * queues to the simulated QuickBooks customers (the QuickBooks simulator's seeded customers, Ids
 * 1-12), so a dry run works right after `npm start` and a real run once QuickBooks is connected.
 */
import { withAdvisoryLock, type Database } from '@phone-billing/db';
import { SIMULATED_QUEUE_NAMES } from '@phone-billing/integrations/genesys/simulator';
import { simulatedQboCustomers } from '@phone-billing/integrations/qbo/simulator';
import type { TCustomerProfileForm } from '../shared/customer-profile';
import { addDays, calendarDateInZone } from '../domain/calendar';
import { defaultBillingStartDate } from '../domain/billing-period';
import { getOrganizationSettings } from '../settings/organization-settings';
import { insertProfile } from './profiles';

/** The QuickBooks simulator's seeded customers, which the demo profiles point at. */
export const SIMULATED_QBO_CUSTOMERS = simulatedQboCustomers();

/** The Genesys simulator's queue names, used when neither Genesys nor genesys_queues answers. */
export const SIMULATED_GENESYS_QUEUE_NAMES = SIMULATED_QUEUE_NAMES;

/** Billing terms that vary across the demo profiles (rates, minimums, bill days, periods). */
const TERMS: ReadonlyArray<
  Pick<
    TCustomerProfileForm,
    | 'ratePerMinute'
    | 'overageRatePerMinute'
    | 'minimumMinutes'
    | 'billDate'
    | 'billTime'
    | 'billingPeriodStart'
    | 'billingPeriodEnd'
  >
> = [
  {
    ratePerMinute: '0.05',
    overageRatePerMinute: '0.05',
    minimumMinutes: 0,
    billDate: 1,
    billTime: '02:00',
    billingPeriodStart: 1,
    billingPeriodEnd: 31,
  },
  {
    ratePerMinute: '0.04',
    overageRatePerMinute: '0.06',
    minimumMinutes: 5000,
    billDate: 16,
    billTime: '03:00',
    billingPeriodStart: 16,
    billingPeriodEnd: 15,
  },
  {
    ratePerMinute: '0.065',
    overageRatePerMinute: '0.065',
    minimumMinutes: 0,
    billDate: 2,
    billTime: '06:30',
    billingPeriodStart: 1,
    billingPeriodEnd: 31,
  },
  {
    ratePerMinute: '0.03',
    overageRatePerMinute: '0.045',
    minimumMinutes: 10000,
    billDate: 1,
    billTime: '01:00',
    billingPeriodStart: 1,
    billingPeriodEnd: 31,
  },
  {
    ratePerMinute: '0.0725',
    overageRatePerMinute: '0.0725',
    minimumMinutes: 0,
    billDate: 16,
    billTime: '02:00',
    billingPeriodStart: 16,
    billingPeriodEnd: 15,
  },
  {
    ratePerMinute: '0.055',
    overageRatePerMinute: '0.08',
    minimumMinutes: 2500,
    billDate: 5,
    billTime: '04:15',
    billingPeriodStart: 1,
    billingPeriodEnd: 31,
  },
];

/**
 * Creates the demo profiles when there are none: one per queue (at most 12), each with a
 * simulated QuickBooks customer, except the second-to-last (no QuickBooks mapping: billing
 * reports it as failed) and the last (inactive). Returns how many it created. Runs under an
 * advisory lock: of several instances starting together, the first creates them, the others none.
 */
export async function createDemoProfiles(
  db: Database,
  queueNames: readonly string[],
  now = new Date(),
): Promise<number> {
  if ((await db.customerProfile.count()) > 0) return 0;
  return withAdvisoryLock(db, 'phone-billing:demo-profiles', async () => {
    if ((await db.customerProfile.count()) > 0) return 0;
    return createDemoProfilesUnlocked(db, queueNames, now);
  });
}

async function createDemoProfilesUnlocked(db: Database, queueNames: readonly string[], now: Date): Promise<number> {
  const names = [...new Set(queueNames.map((name) => name.trim()).filter(Boolean))].slice(
    0,
    SIMULATED_QBO_CUSTOMERS.length,
  );
  const { timezone } = await getOrganizationSettings(db);
  let created = 0;
  for (const [index, queueName] of names.entries()) {
    const customer = SIMULATED_QBO_CUSTOMERS[index]!;
    const terms = TERMS[index % TERMS.length]!;
    const unmapped = names.length >= 3 && index === names.length - 2;
    const inactive = names.length >= 2 && index === names.length - 1;
    await insertProfile(
      db,
      {
        ...terms,
        paymentTermsDays: 30,
        emailInvoices: false,
        reviewBeforeSending: false,
        genesysQueueNames: [queueName],
        // The simulated calls go back three months: billing starts two months back, so runs over
        // the last months bill something.
        billingStartDate: defaultBillingStartDate(terms, addDays(calendarDateInZone(now, timezone), -62)),
        isActive: !inactive,
        qboCustomerId: unmapped ? null : customer.Id,
        qboDisplayName: customer.DisplayName,
        qboCompanyName: customer.CompanyName ?? null,
        qboGivenName: customer.GivenName ?? null,
        qboMiddleName: null,
        qboFamilyName: customer.FamilyName ?? null,
        qboTitle: null,
        qboSuffix: null,
        qboPrimaryEmailAddr: customer.PrimaryEmailAddr?.Address ?? null,
        qboPrimaryPhone: customer.PrimaryPhone?.FreeFormNumber ?? null,
        qboLine1: customer.BillAddr?.Line1 ?? null,
        qboCity: customer.BillAddr?.City ?? null,
        qboCountrySubDivisionCode: customer.BillAddr?.CountrySubDivisionCode ?? null,
        qboPostalCode: customer.BillAddr?.PostalCode ?? null,
        qboCountry: customer.BillAddr?.Country ?? null,
        taxCode: null,
        notes: unmapped
          ? 'Demo profile without a QuickBooks mapping: connect it from the profile form.'
          : inactive
            ? 'Demo profile, inactive: not billed.'
            : `Demo profile for the simulated queue ${queueName}.`,
        qboMetadata: unmapped
          ? null
          : { Id: customer.Id, DisplayName: customer.DisplayName, source: 'QuickBooks simulator' },
      },
      now,
    );
    created++;
  }
  return created;
}
