import type { QboCreditMemo, QboCustomer, QboInvoice, QboItem, QboTaxCode } from './entities';
import { QboApiError } from './errors';
import { likeWithoutBackslashes, quoteQboString } from './query-language';
import { QboTransport } from './transport';

/** Ids per `where Id in (...)` query, keeping the statement well inside QuickBooks' URL limits. */
const invoiceIdsPerQuery = 500;
/** QuickBooks answers at most 1000 rows per query. */
const queryPageSize = 1000;
const longQueryCharacters = 1500;

/**
 * Reading QuickBooks: query statements (long ones in the body), the lookups by name or number
 * the billing run needs, and any entity by Id. Writes are QboClient's (client.ts).
 */
export class QboReader extends QboTransport {
  /**
   * Runs a query statement and returns the rows of its entity ([] when nothing matched).
   * Quote string values with quoteQboString.
   */
  async query<T = Record<string, unknown>>(
    statement: string,
    options: { throttlePatienceMs?: number } = {},
  ): Promise<T[]> {
    // Long statements (hundreds of Ids) go in the body: a URL that long may be cut or refused.
    const long = statement.length > longQueryCharacters;
    const body = await this.call<{ QueryResponse?: Record<string, unknown> }>({
      method: long ? 'POST' : 'GET',
      resource: 'query',
      ...(long ? { queryText: statement } : { params: { query: statement } }),
      safeToRepeat: true,
      throttlePatienceMs: options.throttlePatienceMs,
    });
    const rows = Object.values(body.QueryResponse ?? {}).find((value) => Array.isArray(value));
    return (rows ?? []) as T[];
  }

  /** The first entity whose field equals the value exactly (quotes are escaped), or null. */
  protected async findOneWhere<T>(entity: string, field: string, value: string): Promise<T | null> {
    if (value.includes('\\')) {
      const like = `select * from ${entity} where ${field} LIKE ${likeWithoutBackslashes(value)} MAXRESULTS 1000`;
      const candidates = await this.query<T>(like);
      return candidates.find((row) => (row as Record<string, unknown>)[field] === value) ?? null;
    }
    const rows = await this.query<T>(`select * from ${entity} where ${field} = ${quoteQboString(value)}`);
    return rows[0] ?? null;
  }

  /** The customer whose DisplayName is exactly this, or null. */
  async findCustomerByDisplayName(displayName: string): Promise<QboCustomer | null> {
    return this.findOneWhere('Customer', 'DisplayName', displayName);
  }

  /**
   * The company's tax codes that invoice lines may name (`select * from TaxCode`, active ones):
   * TAX and NON in a US company, the company's own codes elsewhere.
   */
  async listTaxCodes(options: { throttlePatienceMs?: number } = {}): Promise<QboTaxCode[]> {
    const rows = await this.query<QboTaxCode>('select * from TaxCode', options);
    return rows.filter((code) => code.Active !== false && code.Hidden !== true);
  }

  async findItemByName(name: string): Promise<QboItem | null> {
    return this.findOneWhere('Item', 'Name', name);
  }

  async findInvoiceByDocNumber(docNumber: string): Promise<QboInvoice | null> {
    return this.findOneWhere('Invoice', 'DocNumber', docNumber);
  }

  /**
   * The invoices with these Ids that QuickBooks still holds, voided ones included (their TotalAmt
   * is 0; see invoiceQboState); a deleted invoice is simply missing from the answer. Asks in
   * queries of at most 500 Ids, each read in pages of 1000.
   */
  async findInvoicesByIds(ids: string[]): Promise<QboInvoice[]> {
    const unique = [...new Set(ids)];
    const found: QboInvoice[] = [];
    for (let start = 0; start < unique.length; start += invoiceIdsPerQuery) {
      const list = unique
        .slice(start, start + invoiceIdsPerQuery)
        .map(quoteQboString)
        .join(', ');
      for (let position = 1; ; position += queryPageSize) {
        const page = await this.query<QboInvoice>(
          `select * from Invoice where Id in (${list}) startposition ${position} maxresults ${queryPageSize}`,
        );
        found.push(...page);
        if (page.length < queryPageSize) break;
      }
    }
    return found;
  }

  /** Any entity by its resource name and Id (`creditmemo`, `payment`…), or null when QuickBooks has none (610). */
  async getEntity(resource: string, id: string): Promise<Record<string, unknown> | null> {
    try {
      const body = await this.call<Record<string, unknown>>({
        method: 'GET',
        resource: `${resource}/${encodeURIComponent(id)}`,
        safeToRepeat: true,
      });
      const entity = Object.entries(body).find(([key]) => key !== 'time')?.[1];
      return (entity as Record<string, unknown> | undefined) ?? null;
    } catch (error) {
      if (error instanceof QboApiError && error.code === '610') return null;
      throw error;
    }
  }

  async findCreditMemoByDocNumber(docNumber: string): Promise<QboCreditMemo | null> {
    return this.findOneWhere('CreditMemo', 'DocNumber', docNumber);
  }
}
