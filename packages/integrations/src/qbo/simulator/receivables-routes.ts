import type { IncomingMessage, ServerResponse } from 'node:http';
import type { QboInvoice } from '../entities';
import type { QboPayment } from '../receivable-entities';
import type { WriteOutcome } from './request-fields';
import { changeDataCapture } from './cdc';
import {
  deleteInvoiceWithChanges,
  sendInvoice,
  unannouncedInvoices,
  voidInvoiceWithChanges,
  type Change,
} from './invoice-lifecycle';
import { createPayment, deletePayment, voidPayment } from './payments';
import { findInvoice, receivablesOf } from './receivables-state';
import type { CompanyState } from './state';
import { SIMULATED_TERMS } from './terms';
import { faultBody, faults, formatQboTime, type FaultSpec } from './wire-format';
import { handleControlPaths } from './control-routes';
import { createWebhookDispatcher, type WebhookDispatcher, type WebhookSettings } from './webhook-delivery';

// The simulator's part after an invoice is created: payments, void/delete with their webhook
// events, send, CDC (Accounting API); the control paths and the company page are control-routes.ts.

type Answer = { status: number; body: unknown };

export type ReceivablesRouteContext = {
  realmId: string;
  now(): Date;
  company(realmId?: string): CompanyState;
  persist(): void;
  isSubscribed(realmId: string): boolean;
  send(res: ServerResponse, status: number, body: string, contentType?: string): void;
  sendFault(res: ServerResponse, spec: FaultSpec): void;
  /** index.ts' requestid-aware write answer (a repeat gets the first answer, changes nothing). */
  answerWrite(
    req: IncomingMessage,
    res: ServerResponse,
    target: CompanyState,
    requestId: string | null,
    perform: () => Answer,
    answerCanBeLost: boolean,
  ): void;
};

export type ReceivablesOptions = {
  /** Sandbox: 40 e-mails a day per company. */
  emailsPerDay?: number;
  /** CDC answers at most this many objects (QuickBooks: 1,000), keeping the oldest or newest. */
  cdcMaxObjects?: number;
  cdcKeep?: 'oldest' | 'newest';
  webhooks?: Partial<WebhookSettings>;
};

export type ReceivablesRoutes = {
  webhooks: WebhookDispatcher;
  options: Required<Omit<ReceivablesOptions, 'webhooks'>>;
  /** Accounting API paths this module answers; false: not one of them. */
  accounting(
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    realmId: string,
    resource: string,
    body: string,
  ): boolean;
  /** Control paths and the company page; false: not one of them. */
  pages(req: IncomingMessage, res: ServerResponse, url: URL, path: string, body: string): boolean;
  /** After any accepted write: announce invoices created meanwhile (Invoice/Create). */
  afterWrite(realmId: string): void;
  recordPayment(invoiceId: string, amount: number, realmId?: string): { payment: QboPayment; invoice: QboInvoice };
  deletePayment(paymentId: string, realmId?: string): void;
  voidInvoice(invoiceId: string, realmId?: string): QboInvoice;
  deleteInvoice(invoiceId: string, realmId?: string): void;
  sendInvoice(invoiceId: string, sendTo?: string | null, realmId?: string): QboInvoice;
  payments(realmId?: string): QboPayment[];
};

export function parseJson(body: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: body.trim() === '' ? {} : JSON.parse(body) };
  } catch {
    return { ok: false };
  }
}

export function createReceivablesRoutes(
  context: ReceivablesRouteContext,
  given: ReceivablesOptions = {},
): ReceivablesRoutes {
  const options = {
    emailsPerDay: given.emailsPerDay ?? 40,
    cdcMaxObjects: given.cdcMaxObjects ?? 1000,
    cdcKeep: given.cdcKeep ?? 'oldest',
  };
  const webhooks = createWebhookDispatcher({ isSubscribed: context.isSubscribed, settings: given.webhooks });
  // From here on every invoice created is announced (older ones in a state file count as known).
  receivablesOf(context.company());

  function announce(realmId: string, changes: Change[] | undefined): void {
    webhooks.enqueue(realmId, [...unannouncedInvoices(context.company(realmId)), ...(changes ?? [])]);
  }

  /** Runs a write on the company; on success persists it and tells the webhook subscriber. */
  function perform<T>(realmId: string, write: () => WriteOutcome<T> & { changes?: Change[] }): WriteOutcome<T> {
    const outcome = write();
    if (outcome.ok) {
      context.persist();
      announce(realmId, outcome.changes);
    }
    return outcome;
  }

  function entityAnswer<T>(outcome: WriteOutcome<T>, entityName: string): Answer {
    return outcome.ok
      ? { status: 200, body: { [entityName]: outcome.entity, time: formatQboTime(context.now()) } }
      : { status: outcome.fault.status, body: faultBody(outcome.fault, context.now()) };
  }

  function throwing<T>(outcome: WriteOutcome<T>, what: string): T {
    if (!outcome.ok) throw new Error(`${what}: ${outcome.fault.detail ?? outcome.fault.message}`);
    return outcome.entity;
  }

  function recordPayment(invoiceId: string, amount: number, realmId = context.realmId) {
    const target = context.company(realmId);
    const invoice = findInvoice(target, invoiceId);
    if (!invoice) throw new Error(`There is no invoice ${invoiceId}`);
    const payment = throwing(
      perform(realmId, () =>
        createPayment(
          {
            CustomerRef: invoice.CustomerRef,
            TotalAmt: amount,
            Line: [{ Amount: amount, LinkedTxn: [{ TxnId: invoiceId, TxnType: 'Invoice' }] }],
          },
          target,
          context.now(),
        ),
      ),
      `Cannot record a payment of ${amount} on invoice ${invoiceId}`,
    );
    return { payment, invoice };
  }

  function currentSyncToken(collection: ReadonlyArray<{ Id: string; SyncToken: string }>, id: string): string {
    return collection.find((entity) => entity.Id === id)?.SyncToken ?? '';
  }

  const routes: ReceivablesRoutes = {
    webhooks,
    options,
    recordPayment,
    deletePayment(paymentId, realmId = context.realmId) {
      const target = context.company(realmId);
      const syncToken = currentSyncToken(receivablesOf(target).payments, paymentId);
      throwing(
        perform(realmId, () => deletePayment({ Id: paymentId, SyncToken: syncToken }, target, context.now())),
        `Cannot delete payment ${paymentId}`,
      );
    },
    voidInvoice(invoiceId, realmId = context.realmId) {
      const target = context.company(realmId);
      const input = { Id: invoiceId, SyncToken: currentSyncToken(target.invoices, invoiceId) };
      return throwing(
        perform(realmId, () => voidInvoiceWithChanges(input, target, context.now())),
        `Cannot void invoice ${invoiceId}`,
      );
    },
    deleteInvoice(invoiceId, realmId = context.realmId) {
      const target = context.company(realmId);
      const input = { Id: invoiceId, SyncToken: currentSyncToken(target.invoices, invoiceId) };
      throwing(
        perform(realmId, () => deleteInvoiceWithChanges(input, target, context.now())),
        `Cannot delete invoice ${invoiceId}`,
      );
    },
    sendInvoice(invoiceId, sendTo = null, realmId = context.realmId) {
      const target = context.company(realmId);
      return throwing(
        perform(realmId, () =>
          sendInvoice(invoiceId, sendTo, target, { now: context.now(), emailsPerDay: options.emailsPerDay }),
        ),
        `Cannot send invoice ${invoiceId}`,
      );
    },
    payments: (realmId = context.realmId) => [...receivablesOf(context.company(realmId)).payments],
    afterWrite(realmId) {
      announce(realmId, []);
    },

    accounting(req, res, url, realmId, resource, body) {
      const method = req.method ?? 'GET';
      const target = context.company(realmId);
      const [entityPath, entityId, action] = resource.split('/');
      const requestId = url.searchParams.get('requestid');
      const operation = url.searchParams.get('operation');
      const now = context.now();

      if (entityPath === 'cdc' && method === 'GET') {
        const outcome = changeDataCapture(url.searchParams, target, {
          now,
          maxObjects: options.cdcMaxObjects,
          keep: options.cdcKeep,
        });
        if (outcome.ok) context.send(res, 200, JSON.stringify(outcome.body));
        else context.sendFault(res, outcome.fault);
        return true;
      }
      if (entityPath === 'term' && entityId && !action && method === 'GET') {
        const term = SIMULATED_TERMS.find((candidate) => candidate.Id === entityId);
        if (term) context.send(res, 200, JSON.stringify({ Term: term, time: formatQboTime(now) }));
        else context.sendFault(res, faults.objectNotFound(`Term ${entityId}`));
        return true;
      }
      if (entityPath === 'payment' && entityId && !action && method === 'GET') {
        const payment = receivablesOf(target).payments.find((candidate) => candidate.Id === entityId);
        if (payment) context.send(res, 200, JSON.stringify({ Payment: payment, time: formatQboTime(now) }));
        else context.sendFault(res, faults.objectNotFound(`Payment ${entityId}`));
        return true;
      }
      if (entityPath === 'invoice' && entityId && action === 'send' && method === 'POST') {
        const sendTo = url.searchParams.get('sendTo');
        context.answerWrite(
          req,
          res,
          target,
          requestId,
          () =>
            entityAnswer(
              perform(realmId, () =>
                sendInvoice(entityId, sendTo, target, { now, emailsPerDay: options.emailsPerDay }),
              ),
              'Invoice',
            ),
          false,
        );
        return true;
      }
      const writes: Record<string, (input: unknown) => Answer> = {
        'payment:': (input) =>
          entityAnswer(
            perform(realmId, () => createPayment(input, target, now)),
            'Payment',
          ),
        'payment:create': (input) =>
          entityAnswer(
            perform(realmId, () => createPayment(input, target, now)),
            'Payment',
          ),
        'payment:delete': (input) =>
          entityAnswer(
            perform(realmId, () => deletePayment(input, target, now)),
            'Payment',
          ),
        'invoice:void': (input) =>
          entityAnswer(
            perform(realmId, () => voidInvoiceWithChanges(input, target, now)),
            'Invoice',
          ),
        'invoice:delete': (input) =>
          entityAnswer(
            perform(realmId, () => deleteInvoiceWithChanges(input, target, now)),
            'Invoice',
          ),
      };
      const isVoidUpdate =
        operation === 'update' && (url.searchParams.get('include') ?? '').split(',').includes('void');
      const write =
        entityPath === 'payment' && isVoidUpdate
          ? (input: unknown) =>
              entityAnswer(
                perform(realmId, () => voidPayment(input, target, now)),
                'Payment',
              )
          : writes[`${entityPath}:${operation ?? ''}`];
      if (!write || entityId || method !== 'POST') return false;
      const payload = parseJson(body);
      if (!payload.ok) {
        context.sendFault(res, faults.invalidProperty('Request body is not valid JSON'));
        return true;
      }
      context.answerWrite(req, res, target, requestId, () => write(payload.value), false);
      return true;
    },

    pages: (req, res, url, path, body) =>
      handleControlPaths({ routes, context, recordPayment }, req, res, url, path, body),
  };
  return routes;
}
