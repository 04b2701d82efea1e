import { randomUUID } from 'node:crypto';
import type {
  QboAccount,
  QboBatchItemRequest,
  QboBatchItemResponse,
  QboCompanyInfo,
  QboCreditMemo,
  QboCustomer,
  QboInvoice,
  QboInvoiceInput,
  QboItem,
  QboTaxCode,
} from './entities';
import type { QboCdcResponse, QboPayment } from './receivable-entities';
import { QboApiError } from './errors';
import { quoteQboString } from './query-language';
import { QBO_MAX_CONCURRENT_REQUESTS, QBO_PRODUCTION_REQUESTS_PER_MINUTE } from './throttling';
import { QboTransport, type QboBeforeSend } from './transport';

export { qboConfigFromEnv, type QboConfig } from './config';
export { QboOAuth } from './oauth';
export { createMemoryTokenStore, type QboTokenSet, type QboTokenStore } from './token-store';
export type { QboBeforeSend, QboClientOptions, QboTokenStatus } from './transport';

/** QuickBooks allows this many items in one batch request. */
export const QBO_MAX_BATCH_ITEMS = 30;
/** CDC answers at most this many objects; a full answer may have left some out. */
export const QBO_CDC_MAX_OBJECTS = 1000;
/** CDC looks back at most this many days. */
export const QBO_CDC_LOOKBACK_DAYS = 30;
/** QuickBooks' production limits on Accounting API requests, per company (realm); see throttling.ts for sandbox. */
export const QBO_REQUEST_LIMITS = {
  perMinute: QBO_PRODUCTION_REQUESTS_PER_MINUTE,
  maxConcurrent: QBO_MAX_CONCURRENT_REQUESTS,
} as const;
/** Ids per `where Id in (...)` query, keeping the statement well inside QuickBooks' URL limits. */
const invoiceIdsPerQuery = 500;
/** QuickBooks answers at most 1000 rows per query. */
const queryPageSize = 1000;
const longQueryCharacters = 1500;

/**
 * QuickBooks Online Accounting API v3 client: company info, queries, tax codes, items, invoices
 * (create with a requestid, read, void, delete) and batches. Tokens, pacing, retries and
 * throttling are its transport's (transport.ts).
 */
export class QboClient extends QboTransport {
  async getCompanyInfo(): Promise<QboCompanyInfo> {
    const tokens = await this.storedTokens();
    const body = await this.call<{ CompanyInfo: QboCompanyInfo }>({
      method: 'GET',
      resource: `companyinfo/${encodeURIComponent(tokens.realmId)}`,
      safeToRepeat: true,
    });
    return body.CompanyInfo;
  }

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

  /** The customer whose DisplayName is exactly this (quotes are escaped), or null. */
  async findCustomerByDisplayName(displayName: string): Promise<QboCustomer | null> {
    const rows = await this.query<QboCustomer>(
      `select * from Customer where DisplayName = ${quoteQboString(displayName)}`,
    );
    return rows[0] ?? null;
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
    const rows = await this.query<QboItem>(`select * from Item where Name = ${quoteQboString(name)}`);
    return rows[0] ?? null;
  }

  async findInvoiceByDocNumber(docNumber: string): Promise<QboInvoice | null> {
    const rows = await this.query<QboInvoice>(`select * from Invoice where DocNumber = ${quoteQboString(docNumber)}`);
    return rows[0] ?? null;
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

  /** One invoice by Id, or null when QuickBooks does not have it (never created, or deleted: 610). */
  async getInvoice(id: string): Promise<QboInvoice | null> {
    try {
      const body = await this.call<{ Invoice: QboInvoice }>({
        method: 'GET',
        resource: `invoice/${encodeURIComponent(id)}`,
        safeToRepeat: true,
      });
      return body.Invoice;
    } catch (error) {
      if (error instanceof QboApiError && error.code === '610') return null;
      throw error;
    }
  }

  /**
   * Voids an invoice (QuickBooks keeps it with every amount at 0 and "Voided" in its private
   * note). Reads its current SyncToken first; a change in between is a QboApiError code 5010.
   */
  async voidInvoice(id: string): Promise<QboInvoice> {
    const current = await this.invoiceForChange(id);
    const body = await this.call<{ Invoice: QboInvoice }>({
      method: 'POST',
      resource: 'invoice',
      params: { operation: 'void', requestid: randomUUID() },
      json: { Id: current.Id, SyncToken: current.SyncToken },
      safeToRepeat: true,
    });
    return body.Invoice;
  }

  /** Deletes an invoice. Reads its current SyncToken first; a change in between is code 5010. */
  async deleteInvoice(id: string): Promise<{ status: 'Deleted'; Id: string }> {
    const current = await this.invoiceForChange(id);
    const body = await this.call<{ Invoice: { status: 'Deleted'; Id: string } }>({
      method: 'POST',
      resource: 'invoice',
      params: { operation: 'delete', requestid: randomUUID() },
      json: { Id: current.Id, SyncToken: current.SyncToken },
      safeToRepeat: true,
    });
    return body.Invoice;
  }

  private async invoiceForChange(id: string): Promise<QboInvoice> {
    const current = await this.getInvoice(id);
    if (!current)
      throw new QboApiError({
        status: 400,
        code: '610',
        type: 'ValidationFault',
        message: `Object Not Found: QuickBooks has no invoice ${id}`,
      });
    return current;
  }

  /**
   * The service item invoices bill against, created when missing (income account: "Services",
   * or else the first income account). Safe when two callers race to create it.
   */
  async ensureServiceItem(name = 'Phone usage'): Promise<QboItem> {
    const existing = await this.findItemByName(name);
    if (existing) return existing;
    const incomeAccounts = await this.query<QboAccount>(`select * from Account where AccountType = 'Income'`);
    const account = incomeAccounts.find((candidate) => candidate.Name === 'Services') ?? incomeAccounts[0];
    if (!account)
      throw new QboApiError({
        status: 400,
        code: 'NO_INCOME_ACCOUNT',
        message: `QuickBooks has no income account to attach the item "${name}" to`,
      });
    try {
      const body = await this.call<{ Item: QboItem }>({
        method: 'POST',
        resource: 'item',
        params: { requestid: randomUUID() },
        json: { Name: name, Type: 'Service', IncomeAccountRef: { value: account.Id, name: account.Name } },
        safeToRepeat: true,
      });
      return body.Item;
    } catch (error) {
      if (error instanceof QboApiError && error.code === '6240') {
        const created = await this.findItemByName(name);
        if (created) return created;
      }
      throw error;
    }
  }

  /**
   * Creates an invoice. `requestId` (at most 50 characters, unique per company) makes the call
   * idempotent: QuickBooks answers a repeat with the original invoice and creates nothing, which
   * is what lets this method retry after a 5xx or a lost answer. Derive it from what the invoice
   * is for (e.g. billing job + customer) so a retried job reuses it.
   *
   * `beforeSend` runs before each attempt, after the limiter granted it and right before the
   * request leaves (the kill switch and Cancel are checked there); when it throws, that attempt
   * is not sent and its error comes out of this call.
   */
  async createInvoice(
    invoice: QboInvoiceInput,
    options: { requestId: string; beforeSend?: QboBeforeSend },
  ): Promise<QboInvoice> {
    if (!options.requestId || options.requestId.length > 50) {
      throw new RangeError('createInvoice needs a requestId of 1 to 50 characters');
    }
    const body = await this.call<{ Invoice: QboInvoice }>({
      method: 'POST',
      resource: 'invoice',
      params: { requestid: options.requestId },
      json: invoice,
      safeToRepeat: true,
      beforeSend: options.beforeSend,
    });
    return body.Invoice;
  }

  // ---- after the invoice: payments, delivery, change data capture ----------------------------

  /** One payment by Id, or null when QuickBooks does not have it (deleted: 610). */
  async getPayment(id: string): Promise<QboPayment | null> {
    try {
      const body = await this.call<{ Payment: QboPayment }>({
        method: 'GET',
        resource: `payment/${encodeURIComponent(id)}`,
        safeToRepeat: true,
      });
      return body.Payment;
    } catch (error) {
      if (error instanceof QboApiError && error.code === '610') return null;
      throw error;
    }
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

  /**
   * E-mails an invoice through QuickBooks (`POST invoice/{id}/send`, to `sendTo` or the invoice's
   * BillEmail) and returns it with EmailStatus EmailSent and DeliveryInfo. Not repeated after a lost
   * answer: a second e-mail to the customer is worse than asking again.
   */
  async sendInvoice(id: string, sendTo?: string | null): Promise<QboInvoice> {
    const body = await this.call<{ Invoice: QboInvoice }>({
      method: 'POST',
      resource: `invoice/${encodeURIComponent(id)}/send`,
      params: sendTo ? { sendTo } : {},
      octetStream: true,
      safeToRepeat: false,
    });
    return body.Invoice;
  }

  /**
   * Change data capture: every entity of these types changed since `changedSince` (at most 30 days
   * back), deleted ones as `status: "Deleted"` tombstones, and QuickBooks' server time. QuickBooks
   * answers at most 1,000 objects and silently drops the rest: `saturated` says the window was full.
   */
  async changeDataCapture(
    entities: string[],
    changedSince: Date,
  ): Promise<{ rows: Record<string, Array<Record<string, unknown>>>; time: string | null; saturated: boolean }> {
    const body = await this.call<QboCdcResponse>({
      method: 'GET',
      resource: 'cdc',
      params: { entities: entities.join(','), changedSince: changedSince.toISOString() },
      safeToRepeat: true,
    });
    const rows: Record<string, Array<Record<string, unknown>>> = {};
    let count = 0;
    for (const response of body.CDCResponse?.[0]?.QueryResponse ?? []) {
      for (const [key, value] of Object.entries(response)) {
        if (!Array.isArray(value)) continue;
        rows[key] = [...(rows[key] ?? []), ...(value as Array<Record<string, unknown>>)];
        count += value.length;
      }
    }
    return { rows, time: typeof body.time === 'string' ? body.time : null, saturated: count >= QBO_CDC_MAX_OBJECTS };
  }

  /**
   * Creates a credit memo (money the company owes the customer) once: the same requestid always
   * gets the original answer, so a retry after a lost answer never credits twice.
   */
  async createCreditMemo(
    memo: QboInvoiceInput,
    options: { requestId: string; beforeSend?: QboBeforeSend },
  ): Promise<QboCreditMemo> {
    if (!options.requestId || options.requestId.length > 50)
      throw new RangeError('createCreditMemo needs a requestId of 1 to 50 characters');
    const body = await this.call<{ CreditMemo: QboCreditMemo }>({
      method: 'POST',
      resource: 'creditmemo',
      params: { requestid: options.requestId },
      json: memo,
      safeToRepeat: true,
      beforeSend: options.beforeSend,
    });
    return body.CreditMemo;
  }

  async findCreditMemoByDocNumber(docNumber: string): Promise<QboCreditMemo | null> {
    const rows = await this.query<QboCreditMemo>(
      `select * from CreditMemo where DocNumber = ${quoteQboString(docNumber)}`,
    );
    return rows[0] ?? null;
  }

  /** One credit memo by Id, or null when QuickBooks does not have it (610). */
  async getCreditMemo(id: string): Promise<QboCreditMemo | null> {
    try {
      const body = await this.call<{ CreditMemo: QboCreditMemo }>({
        method: 'GET',
        resource: `creditmemo/${encodeURIComponent(id)}`,
        safeToRepeat: true,
      });
      return body.CreditMemo;
    } catch (error) {
      if (error instanceof QboApiError && error.code === '610') return null;
      throw error;
    }
  }

  /**
   * Sends up to 30 operations in one request. Items succeed or fail one by one: check each
   * answer's Fault. A requestid (at most 36 characters; bIds then at most 10) is generated when
   * none is given, so retries within this call never apply the batch twice.
   */
  async batch(items: QboBatchItemRequest[], options: { requestId?: string } = {}): Promise<QboBatchItemResponse[]> {
    if (items.length === 0) return [];
    if (items.length > QBO_MAX_BATCH_ITEMS)
      throw new RangeError(`A QuickBooks batch holds at most ${QBO_MAX_BATCH_ITEMS} items, not ${items.length}`);
    const requestId = options.requestId ?? randomUUID();
    if (requestId.length > 36) throw new RangeError('A batch requestId has at most 36 characters');
    const body = await this.call<{ BatchItemResponse?: QboBatchItemResponse[] }>({
      method: 'POST',
      resource: 'batch',
      params: { requestid: requestId },
      json: { BatchItemRequest: items },
      safeToRepeat: true,
    });
    return body.BatchItemResponse ?? [];
  }
}
