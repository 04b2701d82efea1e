import { randomUUID } from 'node:crypto';
import type {
  QboAccount,
  QboBatchItemRequest,
  QboBatchItemResponse,
  QboCompanyInfo,
  QboCreditMemo,
  QboInvoice,
  QboInvoiceInput,
  QboItem,
} from './entities';
import type { QboCdcResponse, QboPayment } from './receivable-entities';
import { QboApiError } from './errors';
import { QBO_MAX_CONCURRENT_REQUESTS, QBO_PRODUCTION_REQUESTS_PER_MINUTE } from './throttling';
import { QboReader } from './reader';
import type { QboBeforeSend } from './transport';

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

/**
 * QuickBooks Online Accounting API v3 client: company info, items, invoices
 * (create with a requestid, void, delete), payments, credit memos, CDC and batches; queries and
 * reads are its QboReader's (reader.ts). Tokens, pacing, retries and
 * throttling are its transport's (transport.ts).
 */
export class QboClient extends QboReader {
  async getCompanyInfo(): Promise<QboCompanyInfo> {
    const tokens = await this.storedTokens();
    const body = await this.call<{ CompanyInfo: QboCompanyInfo }>({
      method: 'GET',
      resource: `companyinfo/${encodeURIComponent(tokens.realmId)}`,
      safeToRepeat: true,
    });
    return body.CompanyInfo;
  }

  /** One invoice by Id, or null when QuickBooks does not have it (never created, or deleted: 610). */
  async getInvoice(id: string): Promise<QboInvoice | null> {
    return (await this.getEntity('invoice', id)) as QboInvoice | null;
  }

  /**
   * Voids an invoice (QuickBooks keeps it with every amount at 0 and "Voided" in its private
   * note). Reads its current SyncToken first; a change in between is a QboApiError code 5010.
   */
  async voidInvoice(id: string): Promise<QboInvoice> {
    return this.changeInvoice<QboInvoice>(id, 'void');
  }

  /** Deletes an invoice. Reads its current SyncToken first; a change in between is code 5010. */
  async deleteInvoice(id: string): Promise<{ status: 'Deleted'; Id: string }> {
    return this.changeInvoice<{ status: 'Deleted'; Id: string }>(id, 'delete');
  }

  /** Voids or deletes an invoice at its current SyncToken (610 when QuickBooks has no such invoice). */
  private async changeInvoice<T>(id: string, operation: 'void' | 'delete'): Promise<T> {
    const current = await this.getInvoice(id);
    if (!current)
      throw new QboApiError({
        status: 400,
        code: '610',
        type: 'ValidationFault',
        message: `Object Not Found: QuickBooks has no invoice ${id}`,
      });
    const body = await this.call<{ Invoice: T }>({
      method: 'POST',
      resource: 'invoice',
      params: { operation, requestid: randomUUID() },
      json: { Id: current.Id, SyncToken: current.SyncToken },
      safeToRepeat: true,
    });
    return body.Invoice;
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
    const body = await this.createOnce<{ Invoice: QboInvoice }>('invoice', invoice, options, 'createInvoice');
    return body.Invoice;
  }

  /** A create made idempotent by its requestid (1 to 50 characters), so retrying it never creates twice. */
  private async createOnce<T>(
    resource: string,
    json: unknown,
    options: { requestId: string; beforeSend?: QboBeforeSend },
    caller: string,
  ): Promise<T> {
    if (!options.requestId || options.requestId.length > 50)
      throw new RangeError(`${caller} needs a requestId of 1 to 50 characters`);
    return this.call<T>({
      method: 'POST',
      resource,
      params: { requestid: options.requestId },
      json,
      safeToRepeat: true,
      beforeSend: options.beforeSend,
    });
  }

  // ---- after the invoice: payments, delivery, change data capture ----------------------------

  /** One payment by Id, or null when QuickBooks does not have it (deleted: 610). */
  async getPayment(id: string): Promise<QboPayment | null> {
    return (await this.getEntity('payment', id)) as QboPayment | null;
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
    const body = await this.createOnce<{ CreditMemo: QboCreditMemo }>('creditmemo', memo, options, 'createCreditMemo');
    return body.CreditMemo;
  }

  /** One credit memo by Id, or null when QuickBooks does not have it (610). */
  async getCreditMemo(id: string): Promise<QboCreditMemo | null> {
    return (await this.getEntity('creditmemo', id)) as QboCreditMemo | null;
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
