import type { GenesysDivisionRef, GenesysQueue, GenesysUser, GenesysWrapUpCode } from '../schemas';
import { deterministicUuid, SeededRandom } from './seeded-random';

/** The organisation the simulator pretends to be: divisions, people, queues, wrap-up codes. */
export interface SimulatedDirectory {
  divisions: GenesysDivisionRef[];
  users: GenesysUser[];
  queues: GenesysQueue[];
  wrapUpCodes: GenesysWrapUpCode[];
  /** Ids of the users who take calls for each queue (every queue has at least one). */
  queueMembers: Map<string, string[]>;
  /** The public number callers dial for each queue, `tel:+1...`. */
  queueNumbers: Map<string, string>;
}

const DIVISION_NAMES = ['Home', 'Customer Care', 'Sales', 'Back Office'] as const;

const DEPARTMENTS = ['Support', 'Technical Support', 'Sales', 'Billing', 'Operations'] as const;

const TITLES = [
  'Contact Center Agent',
  'Contact Center Agent',
  'Contact Center Agent',
  'Senior Agent',
  'Team Lead',
  'Supervisor',
] as const;

const FIRST_NAMES = [
  'Olivia',
  'Liam',
  'Emma',
  'Noah',
  'Ava',
  'Elijah',
  'Sophia',
  'James',
  'Isabella',
  'Lucas',
  'Mia',
  'Mason',
  'Amelia',
  'Ethan',
  'Harper',
  'Logan',
  'Evelyn',
  'Aiden',
  'Abigail',
  'Jacob',
  'Emily',
  'Michael',
  'Ella',
  'Daniel',
  'Grace',
  'Henry',
  'Chloe',
  'Samuel',
  'Nora',
  'David',
  'Lily',
  'Joseph',
  'Zoe',
  'Carter',
  'Hannah',
  'Owen',
  'Layla',
  'Wyatt',
  'Riley',
  'Gabriel',
] as const;

const LAST_NAMES = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Gonzalez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Perez',
  'Thompson',
  'White',
  'Harris',
  'Sanchez',
  'Clark',
  'Ramirez',
  'Lewis',
  'Robinson',
  'Walker',
  'Young',
  'Allen',
  'King',
  'Wright',
  'Scott',
  'Torres',
  'Nguyen',
  'Hill',
  'Flores',
] as const;

/**
 * Queue names are the customers' names plus a line of business: the billing product maps a
 * customer profile to queues by name, so these must stay stable, unique and plain ASCII.
 */
const QUEUE_TEMPLATES: ReadonlyArray<{ name: string; division: (typeof DIVISION_NAMES)[number]; description: string }> =
  [
    {
      name: 'Acme Support',
      division: 'Customer Care',
      description: 'Inbound support line for Acme Corporation customers',
    },
    { name: 'Northwind Sales', division: 'Sales', description: 'Order desk and sales enquiries for Northwind Traders' },
    { name: 'Contoso Billing', division: 'Back Office', description: 'Billing and account questions for Contoso Ltd' },
    { name: 'Globex Helpdesk', division: 'Customer Care', description: 'IT helpdesk outsourced by Globex Corporation' },
    {
      name: 'Initech Service Desk',
      division: 'Customer Care',
      description: 'Service desk for Initech staff and contractors',
    },
    { name: 'Umbrella Claims', division: 'Back Office', description: 'Insurance claims intake for Umbrella Insurance' },
    { name: 'Stark Renewals', division: 'Sales', description: 'Contract renewals for Stark Industries accounts' },
    {
      name: 'Wayne Foundation Donor Care',
      division: 'Customer Care',
      description: 'Donor relations line for the Wayne Foundation',
    },
    {
      name: 'Hooli Technical Support',
      division: 'Customer Care',
      description: 'Second-line technical support for Hooli devices',
    },
    { name: 'Soylent Orders', division: 'Sales', description: 'Phone orders and delivery changes for Soylent Foods' },
    {
      name: 'Vandelay Imports',
      division: 'Sales',
      description: 'Import and logistics enquiries for Vandelay Industries',
    },
    { name: 'Wonka Customer Care', division: 'Home', description: 'General customer care for Wonka Confectionery' },
  ];

/** The simulator's queue names in order (demo customer profiles are made for them). */
export const SIMULATED_QUEUE_NAMES: readonly string[] = QUEUE_TEMPLATES.map((template) => template.name);

const WRAP_UP_CODE_NAMES = [
  'Resolved',
  'Follow-up Required',
  'Billing Question',
  'Sales Opportunity',
  'Escalated',
  'Callback Scheduled',
  'Information Provided',
  'Wrong Number',
] as const;

const CREATED_AT = '2024-01-15T09:00:00.000Z';

export function buildDirectory(seed: string, userCount: number, queueCount: number): SimulatedDirectory {
  const random = new SeededRandom(`${seed}|directory`);

  const divisions: GenesysDivisionRef[] = DIVISION_NAMES.map((name) => {
    const id = deterministicUuid(`${seed}|division|${name}`);
    return { id, name, selfUri: `/api/v2/authorization/divisions/${id}` };
  });
  const divisionNamed = (name: string): GenesysDivisionRef => divisions.find((d) => d.name === name) ?? divisions[0]!;

  const queues: GenesysQueue[] = [];
  for (let index = 0; index < queueCount; index++) {
    const template = QUEUE_TEMPLATES[index % QUEUE_TEMPLATES.length]!;
    const round = Math.floor(index / QUEUE_TEMPLATES.length);
    const name = round === 0 ? template.name : `${template.name} ${round + 1}`;
    const id = deterministicUuid(`${seed}|queue|${name}`);
    queues.push({
      id,
      name,
      division: divisionNamed(template.division),
      description: template.description,
      dateCreated: CREATED_AT,
      dateModified: CREATED_AT,
      memberCount: 0,
      userMemberCount: 0,
      joinedMemberCount: 0,
      mediaSettings: {
        call: { alertingTimeoutSeconds: 8, serviceLevel: { percentage: 0.8, durationMs: 20000 } },
        chat: { alertingTimeoutSeconds: 30, serviceLevel: { percentage: 0.8, durationMs: 60000 } },
        email: { alertingTimeoutSeconds: 300, serviceLevel: { percentage: 0.8, durationMs: 86400000 } },
      },
      acwSettings: { wrapupPrompt: 'MANDATORY_TIMEOUT', timeoutMs: 120000 },
      skillEvaluationMethod: 'BEST',
      autoAnswerOnly: false,
      enableTranscription: false,
      enableManualAssignment: false,
      callingPartyName: name,
      selfUri: `/api/v2/routing/queues/${id}`,
    });
  }

  const users: GenesysUser[] = [];
  const usedNames = new Set<string>();
  for (let index = 0; index < userCount; index++) {
    let name = '';
    for (let attempt = 0; ; attempt++) {
      name = `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`;
      if (attempt > 20) name = `${name} ${index + 1}`;
      if (!usedNames.has(name)) break;
    }
    usedNames.add(name);
    const id = deterministicUuid(`${seed}|user|${index}`);
    const email = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '.')}@example-contact-center.com`;
    const division = random.chance(0.2) ? divisionNamed('Home') : random.pick(divisions.slice(1));
    users.push({
      id,
      name,
      division,
      chat: { jabberId: `${id.slice(0, 24).replace(/-/g, '')}@example-contact-center.orgspan.com` },
      department:
        division.name === 'Sales'
          ? 'Sales'
          : division.name === 'Back Office'
            ? random.pick(['Billing', 'Operations'])
            : random.pick(DEPARTMENTS),
      email,
      primaryContactInfo: [{ address: email, mediaType: 'EMAIL', type: 'PRIMARY' }],
      addresses: [],
      state: 'active',
      title: random.pick(TITLES),
      username: email,
      version: random.integer(1, 9),
      acdAutoAnswer: false,
      selfUri: `/api/v2/users/${id}`,
    });
  }

  // Every queue gets members and every user joins one to three queues, so each call has an agent.
  const queueMembers = new Map<string, string[]>(queues.map((queue) => [queue.id, []]));
  users.forEach((user, index) => {
    const memberships = new Set<number>();
    if (queues.length > 0) memberships.add(index % queues.length);
    const extra = random.integer(0, 2);
    for (let i = 0; i < extra && queues.length > 0; i++) memberships.add(random.integer(0, queues.length - 1));
    for (const queueIndex of memberships) queueMembers.get(queues[queueIndex]!.id)!.push(user.id);
  });
  for (const queue of queues) {
    const members = queueMembers.get(queue.id)!;
    queue.memberCount = members.length;
    queue.userMemberCount = members.length;
    queue.joinedMemberCount = Math.max(0, members.length - (members.length > 3 ? 1 : 0));
  }

  const queueNumbers = new Map<string, string>(
    queues.map((queue, index) => [queue.id, `tel:+1800555${String(1000 + index).padStart(4, '0')}`]),
  );

  const wrapUpCodes: GenesysWrapUpCode[] = WRAP_UP_CODE_NAMES.map((name) => {
    const id = deterministicUuid(`${seed}|wrapup|${name}`);
    return { id, name, dateCreated: CREATED_AT, selfUri: `/api/v2/routing/wrapupcodes/${id}` };
  });

  return { divisions, users, queues, wrapUpCodes, queueMembers, queueNumbers };
}
