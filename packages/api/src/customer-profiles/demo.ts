/**
 * Demo customer profiles for a newcomer running on the simulators: they tie the simulated Genesys
 * queues to the simulated QuickBooks customers (the QuickBooks simulator's seeded customers, Ids
 * 1-12), so a dry run works right after `npm start` and a real run once QuickBooks is connected.
 */
import { withAdvisoryLock, type Database } from '@phone-billing/db';
import type { TCustomerProfileForm } from '../shared/customer-profile';
import { createProfile } from './profiles';

type DemoCustomer = {
  id: string;
  displayName: string;
  given: string;
  family: string;
  email: string;
  phone: string;
  line1: string;
  city: string;
  postalCode: string;
};

/** The QuickBooks simulator's seeded customers (packages/integrations/src/qbo/simulator/seed.ts). */
export const SIMULATED_QBO_CUSTOMERS: readonly DemoCustomer[] = [
  { id: '1', displayName: "Amy's Bird Sanctuary", given: 'Amy', family: 'Lauterbach', email: 'Birds@Intuit.com', phone: '(650) 555-3311', line1: '4581 Finch St.', city: 'Bayshore', postalCode: '94326' },
  { id: '2', displayName: "Bill's Windsurf Shop", given: 'Bill', family: 'Lucchini', email: 'Surf@Intuit.com', phone: '(415) 444-6538', line1: '12 Ocean Dr.', city: 'Half Moon Bay', postalCode: '94213' },
  { id: '3', displayName: 'Cool Cars', given: 'Grace', family: 'Pariente', email: 'Cool_Cars@intuit.com', phone: '(415) 555-9933', line1: '65 Ocean Dr.', city: 'Half Moon Bay', postalCode: '94213' },
  { id: '4', displayName: 'Dukes Basketball Camp', given: 'Peter', family: 'Dukes', email: 'Dukes_bball@intuit.com', phone: '(520) 420-5638', line1: '25 Court St.', city: 'Tucson', postalCode: '85719' },
  { id: '5', displayName: 'Freeman Sporting Goods', given: 'Sasha', family: 'Tillou', email: 'Sporting_goods@intuit.com', phone: '(650) 555-0987', line1: '370 Easy St.', city: 'Middlefield', postalCode: '94482' },
  { id: '6', displayName: 'Gevelber Photography', given: 'Lisa', family: 'Gevelber', email: 'Photography@intuit.com', phone: '(415) 222-4345', line1: '1103 Cherry Ave.', city: 'San Jose', postalCode: '94123' },
  { id: '7', displayName: "Jeff's Jalopies", given: 'Jeff', family: 'Chin', email: 'Jalopies@intuit.com', phone: '(650) 555-8989', line1: '12 Willow Rd.', city: 'Menlo Park', postalCode: '94305' },
  { id: '8', displayName: 'Paulsen Medical Supplies', given: 'Kathy', family: 'Paulsen', email: 'Medical@intuit.com', phone: '(650) 555-4433', line1: '900 Main St.', city: 'Middlefield', postalCode: '94303' },
  { id: '9', displayName: 'Red Rock Diner', given: 'Stephanie', family: 'Martini', email: 'qbwebsamplecompany@yahoo.com', phone: '(650) 555-4973', line1: '500 Red Rock Rd.', city: 'Bayshore', postalCode: '94326' },
  { id: '10', displayName: 'Rago Travel Agency', given: 'Nicola', family: 'Rago', email: 'Rago_Travel@intuit.com', phone: '(650) 555-1596', line1: '753 Cedar Ave.', city: 'Bayshore', postalCode: '94326' },
  { id: '11', displayName: 'Sushi by Katsuyuki', given: 'Kata', family: 'Yuki', email: 'Sushi@intuit.com', phone: '(505) 570-0147', line1: '898 Elm St.', city: 'Sunnyvale', postalCode: '94087' },
  { id: '12', displayName: 'Weiskopf Consulting', given: 'Nicole', family: 'Weiskopf', email: 'Consulting@intuit.com', phone: '(650) 555-1423', line1: '45612 Main St.', city: 'Bayshore', postalCode: '94326' },
];

/** The Genesys simulator's queue names, used when neither Genesys nor genesys_queues answers. */
export const SIMULATED_GENESYS_QUEUE_NAMES: readonly string[] = [
  'Acme Support',
  'Northwind Sales',
  'Contoso Billing',
  'Globex Helpdesk',
  'Initech Service Desk',
  'Umbrella Claims',
  'Stark Renewals',
  'Wayne Foundation Donor Care',
  'Hooli Technical Support',
  'Soylent Orders',
  'Vandelay Imports',
  'Wonka Customer Care',
];

/** Billing terms that vary across the demo profiles (rates, minimums, bill days, periods). */
const TERMS: ReadonlyArray<Pick<TCustomerProfileForm, 'ratePerMinute' | 'overageRatePerMinute' | 'minimumMinutes' | 'billDate' | 'billTime' | 'billingPeriodStart' | 'billingPeriodEnd'>> = [
  { ratePerMinute: '0.05', overageRatePerMinute: '0.05', minimumMinutes: 0, billDate: 1, billTime: '02:00', billingPeriodStart: 1, billingPeriodEnd: 31 },
  { ratePerMinute: '0.04', overageRatePerMinute: '0.06', minimumMinutes: 5000, billDate: 16, billTime: '03:00', billingPeriodStart: 16, billingPeriodEnd: 15 },
  { ratePerMinute: '0.065', overageRatePerMinute: '0.065', minimumMinutes: 0, billDate: 2, billTime: '06:30', billingPeriodStart: 1, billingPeriodEnd: 31 },
  { ratePerMinute: '0.03', overageRatePerMinute: '0.045', minimumMinutes: 10000, billDate: 1, billTime: '01:00', billingPeriodStart: 1, billingPeriodEnd: 31 },
  { ratePerMinute: '0.0725', overageRatePerMinute: '0.0725', minimumMinutes: 0, billDate: 16, billTime: '02:00', billingPeriodStart: 16, billingPeriodEnd: 15 },
  { ratePerMinute: '0.055', overageRatePerMinute: '0.08', minimumMinutes: 2500, billDate: 5, billTime: '04:15', billingPeriodStart: 1, billingPeriodEnd: 31 },
];

/**
 * Creates the demo profiles when there are none: one per queue (at most 12), each with a
 * simulated QuickBooks customer, except the second-to-last (no QuickBooks mapping: billing
 * reports it as failed) and the last (inactive). Returns how many it created. Runs under an
 * advisory lock: of several instances starting together, the first creates them, the others none.
 */
export async function createDemoProfiles(db: Database, queueNames: readonly string[], now = new Date()): Promise<number> {
  if ((await db.customerProfile.count()) > 0) return 0;
  return withAdvisoryLock(db, 'phone-billing:demo-profiles', async () => {
    if ((await db.customerProfile.count()) > 0) return 0;
    return createDemoProfilesUnlocked(db, queueNames, now);
  });
}

async function createDemoProfilesUnlocked(db: Database, queueNames: readonly string[], now: Date): Promise<number> {
  const names = [...new Set(queueNames.map((name) => name.trim()).filter(Boolean))].slice(0, SIMULATED_QBO_CUSTOMERS.length);
  let created = 0;
  for (const [index, queueName] of names.entries()) {
    const customer = SIMULATED_QBO_CUSTOMERS[index]!;
    const terms = TERMS[index % TERMS.length]!;
    const unmapped = names.length >= 3 && index === names.length - 2;
    const inactive = names.length >= 2 && index === names.length - 1;
    await createProfile(
      db,
      {
        ...terms,
        genesysQueueNames: [queueName],
        isActive: !inactive,
        qboCustomerId: unmapped ? null : customer.id,
        qboDisplayName: customer.displayName,
        qboCompanyName: customer.displayName,
        qboGivenName: customer.given,
        qboMiddleName: null,
        qboFamilyName: customer.family,
        qboTitle: null,
        qboSuffix: null,
        qboPrimaryEmailAddr: customer.email,
        qboPrimaryPhone: customer.phone,
        qboLine1: customer.line1,
        qboCity: customer.city,
        qboCountrySubDivisionCode: 'CA',
        qboPostalCode: customer.postalCode,
        qboCountry: 'US',
        taxCode: null,
        notes: unmapped
          ? 'Demo profile without a QuickBooks mapping: connect it from the profile form.'
          : inactive
            ? 'Demo profile, inactive: not billed.'
            : `Demo profile for the simulated queue ${queueName}.`,
        qboMetadata: unmapped ? null : { Id: customer.id, DisplayName: customer.displayName, source: 'QuickBooks simulator' },
      },
      now,
    );
    created++;
  }
  return created;
}
