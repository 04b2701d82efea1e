// The customers screen's list answers in one statement (issue 14); these hold it to what the
// screen showed before: the same page, the same total and the same five stat cards, with the
// completeness rule of shared/customer-profile.ts applied to every profile.
import { createDatabaseClient, type Database } from '@phone-billing/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../../test/database';
import { profileCompleteness } from '../shared/customer-profile';
import { toProfileDto } from './profile-dto';
import { listProfiles } from './list-profiles';

let db: Database;

// Blank in the eyes of JavaScript's trim(): a tab, a newline, a no-break space, an ideographic space.
const BLANKS = ['', ' ', '\t', '\n ', '\u00a0', '\u3000', '\ufeff'];

beforeAll(async () => {
  db = createDatabaseClient(await createTestDatabase(), { max: 4 });
  const fields = [
    'qboCompanyName',
    'qboGivenName',
    'qboFamilyName',
    'qboPrimaryEmailAddr',
    'qboPrimaryPhone',
    'qboLine1',
    'qboCity',
    'qboCountrySubDivisionCode',
    'qboPostalCode',
    'qboCountry',
  ] as const;
  for (let index = 0; index < 60; index++) {
    const data: Record<string, unknown> = {
      qboDisplayName: index % 7 === 0 ? `beta ${index}` : `Alpha ${String(index).padStart(2, '0')}`,
      isActive: index % 5 !== 0,
      qboCustomerId: index % 3 === 0 ? null : index % 3 === 1 ? String(1000 + index) : BLANKS[index % BLANKS.length],
      genesysQueueNames:
        index % 4 === 0
          ? []
          : index % 4 === 1
            ? [`${BLANKS[index % BLANKS.length]}${' '.repeat(index)}`]
            : [`Queue ${index}`],
    };
    // A varying number of filled fields, some "filled" with whitespace only.
    fields.forEach((field, position) => {
      if (position < index % (fields.length + 1))
        data[field] =
          position % 3 === 2 && index % 2 === 0 ? BLANKS[(index + position) % BLANKS.length] : `${field} ${index}`;
    });
    const profile = await db.customerProfile.create({ data: data as never });
    for (const queueName of profile.genesysQueueNames) {
      await db.customerProfileQueue.create({
        data: { profileId: profile.id, queueName, profileActive: profile.isActive },
      });
    }
  }
});
afterAll(() => db?.$disconnect());

describe('the customer-profile list in one statement', () => {
  it('counts the five stat cards over every profile exactly as the completeness rule does', async () => {
    const all = await db.customerProfile.findMany();
    const { summary } = await listProfiles(db, { page: 1, limit: 10, isActive: false });
    expect(summary).toEqual({
      total: all.length,
      active: all.filter((profile) => profile.isActive).length,
      withQboMapping: all.filter((profile) => (profile.qboCustomerId ?? '').trim() !== '').length,
      withQueues: all.filter((profile) => profile.genesysQueueNames.length > 0).length,
      complete: all.filter((profile) => profileCompleteness(profile).band === 'complete').length,
    });
    expect(summary.complete).toBeGreaterThan(0);
    expect(summary.complete).toBeLessThan(all.length);
  });

  it('pages through the profiles by name with the total, and answers an empty page past the end', async () => {
    const all = await db.customerProfile.findMany({ orderBy: [{ qboDisplayName: 'asc' }, { id: 'asc' }] });
    const seen: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const answer = await listProfiles(db, { page, limit: 25 });
      expect(answer.pagination).toEqual({ page, limit: 25, total: 60, pages: 3 });
      seen.push(...answer.data.map((profile) => profile.id));
    }
    expect(seen).toEqual(all.map((profile) => profile.id));
    const first = await listProfiles(db, { page: 1, limit: 1 });
    // Each with the plan in force, read by the same statement: here the one the spec's fields mean.
    expect(first.data).toEqual([
      { ...toProfileDto(all[0]!), ratePlan: expect.objectContaining({ source: 'profileFields', effectiveFrom: null }) },
    ]);

    const beyond = await listProfiles(db, { page: 9, limit: 25 });
    expect(beyond.data).toEqual([]);
    expect(beyond.pagination.total).toBe(60);
    expect(beyond.summary.total).toBe(60);
  });

  it('filters as before: active, mapping, queues, queue name and search, combined', async () => {
    const all = await db.customerProfile.findMany({ include: { queues: true } });
    const hasText = (value: string | null) => value !== null && value !== '';
    const cases: Array<[Parameters<typeof listProfiles>[1], (profile: (typeof all)[number]) => boolean]> = [
      [{ page: 1, limit: 100, isActive: true }, (p) => p.isActive],
      [{ page: 1, limit: 100, hasQboCustomerId: true }, (p) => hasText(p.qboCustomerId)],
      [{ page: 1, limit: 100, hasQboCustomerId: false }, (p) => !hasText(p.qboCustomerId)],
      [{ page: 1, limit: 100, hasGenesysQueues: true }, (p) => p.genesysQueueNames.length > 0],
      [
        { page: 1, limit: 100, hasGenesysQueues: false, isActive: false },
        (p) => p.genesysQueueNames.length === 0 && !p.isActive,
      ],
      [
        { page: 1, limit: 100, queueName: ' queue 6 ' },
        (p) => p.queues.some((queue) => queue.queueName.toLowerCase() === 'queue 6'),
      ],
      [{ page: 1, limit: 100, search: 'BETA' }, (p) => p.qboDisplayName.toLowerCase().includes('beta')],
      [
        { page: 1, limit: 100, search: 'queue 1' },
        (p) => p.queues.some((queue) => queue.queueName.toLowerCase().includes('queue 1')),
      ],
      [
        { page: 1, limit: 100, search: 'qboPrimaryEmailAddr 4', isActive: true },
        (p) => p.isActive && (p.qboPrimaryEmailAddr ?? '').includes('qboPrimaryEmailAddr 4'),
      ],
    ];
    for (const [filters, expected] of cases) {
      const answer = await listProfiles(db, filters);
      const wanted = all
        .filter(expected)
        .map((profile) => profile.id)
        .sort();
      expect(answer.data.map((profile) => profile.id).sort(), JSON.stringify(filters)).toEqual(wanted);
      expect(answer.pagination.total).toBe(wanted.length);
      expect(wanted.length, JSON.stringify(filters)).toBeGreaterThan(0);
    }
  });
});
