import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { errorPageHtml } from './authorize-page';
import { invoicePageHtml } from './invoice-page';
import { creditMemosOf } from './credit-memos';
import { renameCustomer, renumberInvoice } from './person-edits';
import { createReceivablesRoutes } from './receivables-routes';
import { loadState, saveState, type CompanyState } from './state';
import { faults as faultSpecs } from './wire-format';
import { type QboCompanyTax } from './tax-codes';
import { answerControl, defaultModes, setCompanyTax, type QboSimulatorModes } from './vendor-modes';
import { createAnswers, emptyStats, HttpBodyTooLarge, readBody, type SimulatorContext } from './context';
import { createOauthRoutes } from './oauth-routes';
import { createAccountingQueries } from './accounting-queries';
import { createWriteAnswers } from './write-answers';
import { createAccountingRoutes } from './accounting-routes';
import type { QboSimulator, QboSimulatorFaults, QboSimulatorOptions } from './types';

export { QBO_SANDBOX_BUDGET, type QboSimulatorModes } from './vendor-modes';
export { companyTax, SIMULATED_US_SALES_TAX_PERCENT, type QboCompanyTax } from './tax-codes';
export type { QboSimulator, QboSimulatorFaults, QboSimulatorOptions, QboSimulatorStats } from './types';
/** The simulated company's customers as a fresh simulator seeds them (Ids 1-12). */
export { seedCustomerList as simulatedQboCustomers } from './seed';

/**
 * A local QuickBooks Online: Intuit's OAuth 2.0 endpoints (authorize page, token, revoke) and the
 * Accounting API v3 parts this product uses (companyinfo, query, invoice create/read/void/delete,
 * item, batch), with QuickBooks' wire formats, faults and limits. Starts disconnected: no tokens
 * until someone approves.
 */
export function createQboSimulator(options: QboSimulatorOptions = {}): QboSimulator {
  const now = options.now ?? (() => new Date());
  const realmId = options.realmId ?? '9341453050000000';
  const credentials = {
    clientId: options.clientId ?? 'sim-qbo-client',
    clientSecret: options.clientSecret ?? 'sim-qbo-secret',
  };
  const state = loadState(options.stateFile, realmId, options.customerCount);
  const modes: QboSimulatorModes = { ...defaultModes(), ...options.modes };
  if (options.companyTax && !state.companies[realmId]?.tax)
    setCompanyTax(state.companies[realmId]!, options.companyTax);

  const faults: QboSimulatorFaults = {
    serverErrorRate: 0,
    latencyMs: 0,
    lostAnswerRate: 0,
    lostAnswerMode: 'both',
    accessTokenLifetimeSeconds: 3600,
    throttleBurst: 0,
    authFaultCasing: 'lower',
  };

  const ctx: SimulatorContext = {
    options,
    now,
    realmId,
    credentials,
    state,
    modes,
    faults,
    stats: emptyStats(),
    persist() {
      if (options.stateFile) saveState(options.stateFile, state);
    },
    company(id: string = realmId): CompanyState {
      const found = state.companies[id];
      if (!found) throw new Error(`The simulator holds no company ${id}`);
      return found;
    },
  };
  const { persist, company } = ctx;
  const answers = createAnswers(ctx);
  const { send, sendFault } = answers;
  const writes = createWriteAnswers(ctx, answers, (realm) => receivables.afterWrite(realm));
  const receivables = createReceivablesRoutes(
    {
      realmId,
      now,
      company,
      persist,
      isSubscribed: (realm) => Object.values(state.grants).some((grant) => grant.realmId === realm && !grant.revoked),
      send: (res, status, body, contentType) => send(res, status, body, contentType),
      sendFault: (res, spec) => sendFault(res, spec),
      answerWrite: (req, res, target, requestId, perform, answerCanBeLost) =>
        writes.answerWrite(req, res, target, requestId, perform, answerCanBeLost),
    },
    options.receivables,
  );
  const oauth = createOauthRoutes(ctx, answers);
  const { accountingApi } = createAccountingRoutes(ctx, {
    answers,
    queries: createAccountingQueries(now),
    writes,
    receivables,
  });

  // ---- routing -------------------------------------------------------------------------------

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://simulator.invalid');
    const path = url.pathname.replace(/\/+$/, '') || '/';
    const method = req.method ?? 'GET';
    const body = await readBody(req);

    if (await oauth.route(req, res, url, path, method, body)) return;
    // The simulator's own control paths (simulated mode only): no token, no limits.
    if (answerControl(req, res, path, body, { modes, faults, company: company(), persist })) return;
    if (receivables.pages(req, res, url, path, body)) return;
    if (path === '/app/invoice' && method === 'GET') {
      // The company's invoice page, as a browser signed in to QuickBooks Online would see it.
      const id = url.searchParams.get('txnId') ?? '';
      const invoice = company().invoices.find((candidate) => candidate.Id === id);
      if (!invoice)
        send(
          res,
          404,
          errorPageHtml('Invoice not found', `This company has no invoice with id ${id}.`),
          'text/html; charset=utf-8',
        );
      else
        send(
          res,
          200,
          invoicePageHtml(
            invoice,
            company().customers.find((customer) => customer.Id === invoice.CustomerRef.value),
            company().companyInfo.CompanyName,
          ),
          'text/html; charset=utf-8',
        );
      return;
    }
    const api = /^\/v3\/company\/([^/]+)\/(.+)$/.exec(path);
    if (api?.[1] && api[2]) {
      await accountingApi(req, res, url, decodeURIComponent(api[1]), api[2], body);
      return;
    }
    send(
      res,
      404,
      JSON.stringify({
        error: 'not_found',
        error_description: `No simulated QuickBooks endpoint at ${method} ${path}`,
      }),
    );
  }

  function handle(req: IncomingMessage, res: ServerResponse): void {
    route(req, res).catch((error: unknown) => {
      if (error instanceof HttpBodyTooLarge) {
        send(res, 413, JSON.stringify({ error: 'request_too_large' }));
        return;
      }
      sendFault(res, {
        ...faultSpecs.serverError(500),
        detail: error instanceof Error ? error.message : String(error),
      });
    });
  }

  return {
    handle,
    faults,
    modes,
    setCompanyTax(tax: QboCompanyTax, realm?: string) {
      setCompanyTax(company(realm), tax);
      persist();
    },
    realmId,
    credentials,
    async listen(port = 0, host = '127.0.0.1') {
      const server = createServer(handle);
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => resolve());
      });
      const address = server.address();
      const boundPort = typeof address === 'object' && address ? address.port : port;
      return {
        url: `http://${host}:${boundPort}`,
        close: () =>
          new Promise<void>((resolve, reject) => {
            server.close((error) => (error ? reject(error) : resolve()));
            server.closeAllConnections();
          }),
      };
    },
    expireAccessTokens() {
      const past = now().getTime() - 1;
      for (const record of Object.values(state.accessTokens)) record.expiresAt = Math.min(record.expiresAt, past);
      persist();
    },
    invoices: (id?: string) => [...company(id).invoices],
    creditMemos: (id?: string) => [...creditMemosOf(company(id))],
    voidInvoice: (id: string, realm?: string) => receivables.voidInvoice(id, realm),
    deleteInvoice: (id: string, realm?: string) => receivables.deleteInvoice(id, realm),
    renumberInvoice(id: string, docNumber: string, realm?: string) {
      const invoice = renumberInvoice(company(realm), id, docNumber, now());
      persist();
      return invoice;
    },
    receivables,
    customers: (id?: string) => [...company(id).customers],
    renameCustomer(id: string, displayName: string, realm?: string) {
      const customer = renameCustomer(company(realm), id, displayName, now());
      persist();
      return customer;
    },
    async approve(authorizeUrl: string) {
      const check = oauth.checkAuthorizeRequest(new URL(authorizeUrl).searchParams);
      if (!check.ok) throw new Error(`${check.title}: ${check.detail}`);
      return oauth.decisionRedirect(check.request, true);
    },
    isConnected: () => Object.values(state.grants).some((grant) => !grant.revoked),
    get stats() {
      return ctx.stats;
    },
    resetStats() {
      ctx.stats = emptyStats();
    },
  };
}
