import { describe, expect, it } from 'vitest';
import { parseQuery, QueryParseError, QueryValidationError, runQuery, type QueryableEntity } from './query-engine';

const customers = [
  { Id: '1', DisplayName: "Amy's Bird Sanctuary", Active: true, Balance: 10, CustomerRef: undefined },
  { Id: '2', DisplayName: 'Cool Cars', Active: true, Balance: 0 },
  { Id: '3', DisplayName: "Bill's Windsurf Shop", Active: true, Balance: 25 },
];
const invoices = [
  { Id: '130', DocNumber: 'PH-1', CustomerRef: { value: '1', name: "Amy's Bird Sanctuary" }, TxnDate: '2024-06-30' },
  { Id: '131', DocNumber: 'PH-2', CustomerRef: { value: '2', name: 'Cool Cars' }, TxnDate: '2024-07-31' },
];
const entities: QueryableEntity[] = [
  { name: 'Customer', rows: customers },
  { name: 'Invoice', rows: invoices },
];
const knownFields = (entity: string) =>
  new Set(
    entity === 'Customer' ? ['Id', 'DisplayName', 'Active', 'Balance'] : ['Id', 'DocNumber', 'CustomerRef', 'TxnDate'],
  );
const run = (statement: string) => runQuery(parseQuery(statement), entities, knownFields);

describe('QuickBooks query language in the simulator', () => {
  it("reads \\' inside a single-quoted literal as an apostrophe", () => {
    const answer = run("select * from Customer where DisplayName = 'Amy\\'s Bird Sanctuary'");
    expect(answer).toEqual({ Customer: [customers[0]], startPosition: 1, maxResults: 1 });
  });

  it('answers {} without entity key or paging fields when nothing matches', () => {
    expect(run("SELECT * FROM Customer WHERE DisplayName = 'Nobody'")).toEqual({});
  });

  it('supports LIKE with % wildcards, IN lists, AND, and case-insensitive keywords and entity names', () => {
    expect(run("select * from customer where DisplayName like '%s%' and Balance > 5")).toMatchObject({
      Customer: [{ Id: '1' }, { Id: '3' }],
    });
    expect(run("select * from Customer where Id in ('2', '3')")).toMatchObject({
      Customer: [{ Id: '2' }, { Id: '3' }],
    });
  });

  it('compares references by id and dates as text', () => {
    expect(run("select * from Invoice where CustomerRef = '2'")).toMatchObject({ Invoice: [{ Id: '131' }] });
    expect(run("select * from Invoice where TxnDate >= '2024-07-01'")).toMatchObject({ Invoice: [{ Id: '131' }] });
  });

  it('pages with 1-based STARTPOSITION and MAXRESULTS, after ORDERBY', () => {
    const answer = run('select * from Customer ORDERBY DisplayName DESC STARTPOSITION 2 MAXRESULTS 1');
    expect(answer).toEqual({ Customer: [customers[2]], startPosition: 2, maxResults: 1 });
  });

  it('counts with count(*)', () => {
    expect(run('select count(*) from Invoice')).toEqual({ totalCount: 2 });
  });

  it('rejects OR and unterminated literals as parse errors (code 4000)', () => {
    expect(() => parseQuery("select * from Customer where Id = '1' or Id = '2'")).toThrow(QueryParseError);
    expect(() => parseQuery("select * from Customer where DisplayName = 'Amy\\'")).toThrow(QueryParseError);
  });

  it('rejects unknown properties and entities (code 4001)', () => {
    expect(() => run("select * from Customer where NoSuchField = '1'")).toThrow(QueryValidationError);
    expect(() => run('select * from Purchase')).toThrow(
      expect.objectContaining({ detail: expect.stringContaining('Entity Purchase not found') }),
    );
  });
});
