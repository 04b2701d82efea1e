import type { IncomingMessage, ServerResponse } from 'node:http';
import type { QboInvoice } from '../entities';
import type { QboPayment } from '../receivable-entities';
import { companyPageHtml } from './company-page';
import { receivablesOf } from './receivables-state';
import { parseJson, type ReceivablesRouteContext, type ReceivablesRoutes } from './receivables-routes';
import type { WebhookMode } from './webhook-delivery';

// The control paths tests and demos drive (/_control/invoices/{id}/payments|void|delete|send,
// /_control/payments/{id}/delete, /_control/webhooks) and the company page where a newcomer plays
// the customer (/app/company, with Record payment / Void / Delete forms). Simulated mode only: the
// simulator exists only then.

type Parts = {
  routes: ReceivablesRoutes;
  context: ReceivablesRouteContext;
  recordPayment(invoiceId: string, amount: number): { payment: QboPayment; invoice: QboInvoice };
};

/** Answers a control path or the company page; false when the path is neither. */
export function handleControlPaths(
  { routes, context, recordPayment }: Parts,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  path: string,
  body: string,
): boolean {
  const webhooks = routes.webhooks;
  const method = req.method ?? 'GET';
  if (path === '/app/company' && method === 'GET') {
    const target = context.company();
    context.send(
      res,
      200,
      companyPageHtml(target, receivablesOf(target).payments, url.searchParams.get('message'), webhooks.settings.mode),
      'text/html; charset=utf-8',
    );
    return true;
  }
  const formAction = /^\/app\/company\/(invoices|payments)\/([^/]+)\/(payment|void|delete)$/.exec(path);
  if (formAction && method === 'POST') {
    const [, kind, id, action] = formAction as unknown as [string, string, string, string];
    const form = new URLSearchParams(body);
    let message: string;
    try {
      if (kind === 'payments') {
        routes.deletePayment(id);
        message = `Payment ${id} deleted`;
      } else if (action === 'payment') {
        const amount = Number(form.get('amount'));
        if (!(amount > 0)) throw new Error('Type an amount above 0');
        recordPayment(id, Math.round(amount * 100) / 100);
        message = `Payment of ${amount.toFixed(2)} recorded on invoice ${id}`;
      } else if (action === 'void') {
        routes.voidInvoice(id);
        message = `Invoice ${id} voided`;
      } else {
        routes.deleteInvoice(id);
        message = `Invoice ${id} deleted`;
      }
    } catch (error) {
      message = error instanceof Error ? error.message : String(error);
    }
    res.writeHead(303, { Location: `../../../company?message=${encodeURIComponent(message)}` });
    res.end();
    return true;
  }
  if (!path.startsWith('/_control/') || method !== 'POST') return false;
  const payload = parseJson(body);
  const input = (
    payload.ok && typeof payload.value === 'object' && payload.value !== null ? payload.value : {}
  ) as Record<string, unknown>;
  const reply = (status: number, answer: unknown) => context.send(res, status, JSON.stringify(answer));
  if (!payload.ok) {
    reply(400, { error: 'The body is not valid JSON' });
    return true;
  }
  try {
    const invoiceControl = /^\/_control\/invoices\/([^/]+)\/(payments|void|delete|send)$/.exec(path);
    const paymentControl = /^\/_control\/payments\/([^/]+)\/delete$/.exec(path);
    if (invoiceControl) {
      const [, id, action] = invoiceControl as unknown as [string, string, string];
      if (action === 'payments') {
        const amount = input.amount;
        if (typeof amount !== 'number' || !(amount > 0)) {
          reply(400, { error: 'amount must be a number above 0' });
          return true;
        }
        const { payment, invoice } = recordPayment(id, Math.round(amount * 100) / 100);
        reply(200, { Payment: payment, Invoice: invoice });
      } else if (action === 'void') reply(200, { Invoice: routes.voidInvoice(id) });
      else if (action === 'delete') {
        routes.deleteInvoice(id);
        reply(200, { Invoice: { status: 'Deleted', domain: 'QBO', Id: id } });
      } else reply(200, { Invoice: routes.sendInvoice(id, typeof input.sendTo === 'string' ? input.sendTo : null) });
      return true;
    }
    if (paymentControl) {
      routes.deletePayment(paymentControl[1]!);
      reply(200, { Payment: { status: 'Deleted', domain: 'QBO', Id: paymentControl[1] } });
      return true;
    }
    if (path === '/_control/webhooks') {
      const modes: WebhookMode[] = ['deliver', 'drop', 'duplicate', 'reorder'];
      if (input.mode !== undefined && !modes.includes(input.mode as WebhookMode)) {
        reply(400, { error: `mode must be one of ${modes.join(', ')}` });
        return true;
      }
      if (input.mode !== undefined) webhooks.settings.mode = input.mode as WebhookMode;
      if (input.format === 'classic' || input.format === 'cloudevents') webhooks.settings.format = input.format;
      if (typeof input.corruptSignature === 'boolean') webhooks.settings.corruptSignature = input.corruptSignature;
      reply(200, {
        mode: webhooks.settings.mode,
        format: webhooks.settings.format,
        subscribed: webhooks.settings.url !== null,
        stats: webhooks.stats,
      });
      return true;
    }
  } catch (error) {
    reply(400, { error: error instanceof Error ? error.message : String(error) });
    return true;
  }
  reply(404, { error: `No control path ${path}` });
  return true;
}
