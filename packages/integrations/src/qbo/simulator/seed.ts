import type { QboAccount, QboCompanyInfo, QboCustomer, QboItem } from '../entities';

// The simulated company: fixed data, so every fresh simulator holds the same company.

const seededAt = { CreateTime: '2024-01-08T09:12:44-08:00', LastUpdatedTime: '2025-03-14T16:40:02-07:00' };

export function seedCompanyInfo(): QboCompanyInfo {
  const address = {
    Id: '1',
    Line1: '2500 Garcia Ave',
    City: 'Mountain View',
    CountrySubDivisionCode: 'CA',
    PostalCode: '94043',
    Country: 'US',
  };
  return {
    Id: '1',
    SyncToken: '4',
    domain: 'QBO',
    sparse: false,
    CompanyName: 'Bayshore Voice Services',
    LegalName: 'Bayshore Voice Services LLC',
    CompanyAddr: address,
    LegalAddr: { ...address, Id: '2' },
    CustomerCommunicationAddr: { ...address, Id: '3' },
    PrimaryPhone: { FreeFormNumber: '(650) 944-4444' },
    Email: { Address: 'billing@bayshorevoice.example' },
    CustomerCommunicationEmailAddr: { Address: 'accounts@bayshorevoice.example' },
    WebAddr: { URI: 'https://bayshorevoice.example' },
    Country: 'US',
    SupportedLanguages: 'en',
    DefaultTimeZone: 'America/Los_Angeles',
    FiscalYearStartMonth: 'January',
    CompanyStartDate: '2024-01-08',
    EmployerId: '123456789',
    NameValue: [
      { Name: 'NeoEnabled', Value: 'true' },
      { Name: 'IndustryType', Value: 'Telecommunications' },
      { Name: 'SubscriptionStatus', Value: 'PAID' },
      { Name: 'OfferingSku', Value: 'QuickBooks Online Plus' },
      { Name: 'PayrollFeature', Value: 'false' },
      { Name: 'ItemCategoriesFeature', Value: 'true' },
      { Name: 'QBOIndustryType', Value: 'Telecommunications' },
    ],
    MetaData: seededAt,
  };
}

type SeedCustomer = {
  displayName: string;
  given: string;
  family: string;
  email: string;
  phone: string;
  line1: string;
  city: string;
  postalCode: string;
  company?: boolean;
};

// A dozen business customers, named after QuickBooks' own sandbox sample company, including the
// apostrophes that make query quoting matter.
const seedCustomers: SeedCustomer[] = [
  {
    displayName: "Amy's Bird Sanctuary",
    given: 'Amy',
    family: 'Lauterbach',
    email: 'Birds@Intuit.com',
    phone: '(650) 555-3311',
    line1: '4581 Finch St.',
    city: 'Bayshore',
    postalCode: '94326',
  },
  {
    displayName: "Bill's Windsurf Shop",
    given: 'Bill',
    family: 'Lucchini',
    email: 'Surf@Intuit.com',
    phone: '(415) 444-6538',
    line1: '12 Ocean Dr.',
    city: 'Half Moon Bay',
    postalCode: '94213',
  },
  {
    displayName: 'Cool Cars',
    given: 'Grace',
    family: 'Pariente',
    email: 'Cool_Cars@intuit.com',
    phone: '(415) 555-9933',
    line1: '65 Ocean Dr.',
    city: 'Half Moon Bay',
    postalCode: '94213',
  },
  {
    displayName: 'Dukes Basketball Camp',
    given: 'Peter',
    family: 'Dukes',
    email: 'Dukes_bball@intuit.com',
    phone: '(520) 420-5638',
    line1: '25 Court St.',
    city: 'Tucson',
    postalCode: '85719',
  },
  {
    displayName: 'Freeman Sporting Goods',
    given: 'Sasha',
    family: 'Tillou',
    email: 'Sporting_goods@intuit.com',
    phone: '(650) 555-0987',
    line1: '370 Easy St.',
    city: 'Middlefield',
    postalCode: '94482',
  },
  {
    displayName: 'Gevelber Photography',
    given: 'Lisa',
    family: 'Gevelber',
    email: 'Photography@intuit.com',
    phone: '(415) 222-4345',
    line1: '1103 Cherry Ave.',
    city: 'San Jose',
    postalCode: '94123',
  },
  {
    displayName: "Jeff's Jalopies",
    given: 'Jeff',
    family: 'Chin',
    email: 'Jalopies@intuit.com',
    phone: '(650) 555-8989',
    line1: '12 Willow Rd.',
    city: 'Menlo Park',
    postalCode: '94305',
  },
  {
    displayName: 'Paulsen Medical Supplies',
    given: 'Kathy',
    family: 'Paulsen',
    email: 'Medical@intuit.com',
    phone: '(650) 555-4433',
    line1: '900 Main St.',
    city: 'Middlefield',
    postalCode: '94303',
  },
  {
    displayName: 'Red Rock Diner',
    given: 'Stephanie',
    family: 'Martini',
    email: 'qbwebsamplecompany@yahoo.com',
    phone: '(650) 555-4973',
    line1: '500 Red Rock Rd.',
    city: 'Bayshore',
    postalCode: '94326',
  },
  {
    displayName: 'Rago Travel Agency',
    given: 'Nicola',
    family: 'Rago',
    email: 'Rago_Travel@intuit.com',
    phone: '(650) 555-1596',
    line1: '753 Cedar Ave.',
    city: 'Bayshore',
    postalCode: '94326',
  },
  {
    displayName: 'Sushi by Katsuyuki',
    given: 'Kata',
    family: 'Yuki',
    email: 'Sushi@intuit.com',
    phone: '(505) 570-0147',
    line1: '898 Elm St.',
    city: 'Sunnyvale',
    postalCode: '94087',
  },
  {
    displayName: 'Weiskopf Consulting',
    given: 'Nicole',
    family: 'Weiskopf',
    email: 'Consulting@intuit.com',
    phone: '(650) 555-1423',
    line1: '45612 Main St.',
    city: 'Bayshore',
    postalCode: '94326',
  },
];

/** The business of generated customer `number` (13 and up): plain, distinct, deterministic. */
function generatedCustomer(number: number): SeedCustomer {
  const padded = String(number).padStart(3, '0');
  return {
    displayName: `Customer ${padded} Telecom`,
    given: 'Pat',
    family: `Customer${padded}`,
    email: `accounts${padded}@customers.example`,
    phone: `(650) 555-${String(1000 + (number % 9000)).padStart(4, '0')}`,
    line1: `${number} Market St.`,
    city: 'Bayshore',
    postalCode: '94326',
    company: true,
  };
}

/**
 * The dozen seeded customers and, when `count` asks for more (load tests with hundreds of
 * customers), generated ones after them, Ids continuing from 13.
 */
export function seedCustomerList(count = seedCustomers.length): QboCustomer[] {
  const all = [...seedCustomers.slice(0, count)];
  for (let number = all.length + 1; number <= count; number += 1) all.push(generatedCustomer(number));
  return all.map((seed, index) => {
    const id = String(index + 1);
    const billAddr = {
      Id: String(index < 100 ? 100 + index : 10_000 + index),
      Line1: seed.line1,
      City: seed.city,
      CountrySubDivisionCode: 'CA',
      PostalCode: seed.postalCode,
      Country: 'US',
    };
    return {
      Id: id,
      SyncToken: '0',
      domain: 'QBO',
      sparse: false,
      DisplayName: seed.displayName,
      GivenName: seed.given,
      FamilyName: seed.family,
      FullyQualifiedName: seed.displayName,
      CompanyName: seed.displayName,
      PrintOnCheckName: seed.displayName,
      Active: true,
      Job: false,
      BillWithParent: false,
      Taxable: false,
      PrimaryEmailAddr: { Address: seed.email },
      PrimaryPhone: { FreeFormNumber: seed.phone },
      BillAddr: billAddr,
      ShipAddr: { ...billAddr, Id: String(index < 100 ? 200 + index : 20_000 + index) },
      Balance: 0,
      BalanceWithJobs: 0,
      CurrencyRef: { value: 'USD', name: 'United States Dollar' },
      PreferredDeliveryMethod: 'Email',
      MetaData: seededAt,
    };
  });
}

export function seedAccountList(): QboAccount[] {
  return [
    {
      Id: '1',
      SyncToken: '0',
      Name: 'Services',
      AccountType: 'Income',
      AccountSubType: 'ServiceFeeIncome',
      Classification: 'Revenue',
      Active: true,
    },
    {
      Id: '79',
      SyncToken: '0',
      Name: 'Sales of Product Income',
      AccountType: 'Income',
      AccountSubType: 'SalesOfProductIncome',
      Classification: 'Revenue',
      Active: true,
    },
    {
      Id: '84',
      SyncToken: '0',
      Name: 'Accounts Receivable (A/R)',
      AccountType: 'Accounts Receivable',
      AccountSubType: 'AccountsReceivable',
      Classification: 'Asset',
      Active: true,
    },
  ];
}

export function seedItemList(): QboItem[] {
  return [serviceItem('21', 'Phone usage', 'Telephone usage, billed per minute'), serviceItem('1', 'Services')];
}

/** A service item booked to the Services income account, as the sandbox company holds them. */
function serviceItem(Id: string, Name: string, Description?: string): QboItem {
  return {
    Id,
    SyncToken: '0',
    Name,
    FullyQualifiedName: Name,
    ...(Description !== undefined ? { Description } : {}),
    Type: 'Service',
    Active: true,
    Taxable: false,
    UnitPrice: 0,
    IncomeAccountRef: { value: '1', name: 'Services' },
    MetaData: seededAt,
  };
}
