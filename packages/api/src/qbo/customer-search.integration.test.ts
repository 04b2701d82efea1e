import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectMountedQuickBooks } from '../../../../test/qbo-connect';
import type { RestClient } from '../../../../test/rest-client';
import { startTestServer, type TestServer } from '../../../../test/server';

// GET /qbo/customers/search (issue 24): the profile form's type-ahead finds a QuickBooks customer by
// any part of its name, company or e-mail, through the simulator's query language (LIKE, no OR).

describe('QuickBooks customer type-ahead', () => {
  let server: TestServer;
  let admin: RestClient;
  const names = async (q: string) => {
    const answer = await admin.get(`/api/v1/qbo/customers/search?q=${encodeURIComponent(q)}`);
    expect(answer.status).toBe(200);
    return (answer.body.data as Array<{ DisplayName: string }>).map((customer) => customer.DisplayName);
  };

  beforeAll(async () => {
    server = await startTestServer({ env: { DEMO_DATA: '0' } });
    admin = await server.admin();
    await connectMountedQuickBooks(admin);
  });
  afterAll(() => server?.stop());

  it('finds by any part of the name, in any case', async () => {
    expect(await names('amy')).toEqual(["Amy's Bird Sanctuary"]);
    expect(await names('JALOP')).toEqual(["Jeff's Jalopies"]);
  });

  it('treats curly and straight apostrophes as the same', async () => {
    expect(await names('Amy\u2019s')).toEqual(["Amy's Bird Sanctuary"]);
    expect(await names("bill's")).toEqual(["Bill's Windsurf Shop"]);
  });

  it('finds by part of the e-mail address, and answers the fields a pick fills', async () => {
    const answer = await admin.get('/api/v1/qbo/customers/search?q=surf%40intuit');
    expect(answer.body.data).toEqual([
      expect.objectContaining({
        Id: '2',
        DisplayName: "Bill's Windsurf Shop",
        PrimaryEmailAddr: { Address: 'Surf@Intuit.com' },
      }),
    ]);
  });

  it('a % or a quote typed is text, never a wildcard or a broken query', async () => {
    expect(await names('%')).toEqual([]);
    expect(await names("Nobody's")).toEqual([]);
    expect(await names("'")).toEqual(["Amy's Bird Sanctuary", "Bill's Windsurf Shop", "Jeff's Jalopies"]);
  });

  it('asks for something to search for', async () => {
    const answer = await admin.get('/api/v1/qbo/customers/search?q=%20');
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('Type part of a name, company or e-mail');
  });
});
