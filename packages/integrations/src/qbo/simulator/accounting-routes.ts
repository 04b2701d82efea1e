import type { IncomingMessage, ServerResponse } from 'node:http';
import { createCreditMemo, creditMemosOf } from './credit-memos';
import { createInvoice, createItem, deleteInvoice, voidInvoice } from './company-writes';
import { createShareCounter, type Answers, type SimulatorContext } from './context';
import type { createAccountingQueries } from './accounting-queries';
import type { ReceivablesRoutes } from './receivables-routes';
import { faults as faultSpecs, formatQboTime, type FaultSpec } from './wire-format';
import type { createWriteAnswers } from './write-answers';

type Parts = {
  answers: Answers;
  queries: ReturnType<typeof createAccountingQueries>;
  writes: ReturnType<typeof createWriteAnswers>;
  receivables: ReceivablesRoutes;
};

/**
 * The Accounting API v3 (companyinfo, query, entity reads, invoice create/void/delete, item,
 * credit memo, batch) behind QuickBooks' authentication, per-realm limits and the faults tests set.
 */
export function createAccountingRoutes(ctx: SimulatorContext, { answers, queries, writes, receivables }: Parts) {
  const { options, now, state, modes, faults, company } = ctx;
  const { sendJson, sendFault, sendThrottled } = answers;
  const { runStatement, runBatch } = queries;
  const { answerWrite, parseJson, fromOutcome } = writes;
  const requestsPerMinute = options.requestsPerMinute ?? 500;
  const maxConcurrent = options.maxConcurrent ?? 10;
  const batchRequestsPerMinute = options.batchRequestsPerMinute ?? 40;
  const maxBatchItems = options.maxBatchItems ?? 30;
  const delay =
    options.delay ?? ((milliseconds: number) => new Promise<void>((resolve) => setTimeout(resolve, milliseconds)));
  const serverErrorShare = createShareCounter();
  let serverErrorCount = 0;
  const inFlight = new Map<string, number>();
  const recentRequests = new Map<string, number[]>();
  const recentBatches = new Map<string, number[]>();

  function withinWindow(windows: Map<string, number[]>, realm: string, limit: number): boolean {
    const timeNow = now().getTime();
    const recent = (windows.get(realm) ?? []).filter((at) => at > timeNow - modes.windowMs);
    windows.set(realm, recent);
    if (recent.length >= limit) return false;
    recent.push(timeNow);
    if (windows === recentRequests) ctx.stats.busiestMinute = Math.max(ctx.stats.busiestMinute, recent.length);
    return true;
  }

  function authenticate(req: IncomingMessage, realm: string): FaultSpec | null {
    const header = req.headers.authorization ?? '';
    const token = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
    const record = token ? state.accessTokens[token] : undefined;
    const grant = record ? state.grants[record.grantId] : undefined;
    if (!record || !grant || grant.revoked) return faultSpecs.authentication(`Token invalid: ${token.slice(0, 12)}...`);
    if (record.expiresAt <= now().getTime())
      return faultSpecs.authentication(`Token expired: ${token.slice(0, 12)}...`);
    if (grant.realmId !== realm || !state.companies[realm]) return faultSpecs.authorization();
    return null;
  }

  /** Why QuickBooks refuses a batch before running any of it: too many items, or bIds too long for a requestid. */
  function batchRefusal(input: unknown, requestId: string | null): FaultSpec | null {
    const requests = (input as { BatchItemRequest?: unknown } | null)?.BatchItemRequest;
    if (!Array.isArray(requests)) return null;
    if (requests.length > maxBatchItems)
      return faultSpecs.businessValidation(
        `The batch holds ${requests.length} items; at most ${maxBatchItems} are allowed`,
      );
    if (requestId !== null && requests.some((item) => String((item as { bId?: unknown })?.bId ?? '').length > 10))
      return faultSpecs.businessValidation('bId must be at most 10 characters when requestid is used');
    return null;
  }

  async function accountingApi(
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    realm: string,
    resource: string,
    body: string,
  ): Promise<void> {
    ctx.stats.apiRequests += 1;
    const authFault = authenticate(req, realm);
    if (authFault) {
      sendFault(res, authFault);
      return;
    }
    const isBatch = resource === 'batch';
    if (faults.throttleBurst > 0) {
      faults.throttleBurst -= 1;
      sendThrottled(res);
      return;
    }
    const budget = modes.budgetPerMinute ?? requestsPerMinute;
    if (
      (inFlight.get(realm) ?? 0) >= maxConcurrent ||
      !withinWindow(recentRequests, realm, budget) ||
      (isBatch && !withinWindow(recentBatches, realm, batchRequestsPerMinute))
    ) {
      sendThrottled(res);
      return;
    }
    inFlight.set(realm, (inFlight.get(realm) ?? 0) + 1);
    ctx.stats.mostInFlight = Math.max(ctx.stats.mostInFlight, inFlight.get(realm) ?? 0);
    let released = false;
    const release = () => {
      if (!released) {
        released = true;
        inFlight.set(realm, (inFlight.get(realm) ?? 1) - 1);
      }
    };
    res.on('close', release);
    res.on('finish', release);

    if (faults.latencyMs > 0) await delay(faults.latencyMs);
    if (serverErrorShare(faults.serverErrorRate)) {
      serverErrorCount += 1;
      sendFault(res, faultSpecs.serverError(serverErrorCount % 2 === 0 ? 503 : 500));
      return;
    }

    const target = company(realm);
    const method = req.method ?? 'GET';
    const requestId = url.searchParams.get('requestid');
    const allowDuplicateDocNumber =
      (url.searchParams.get('include') ?? '').split(',').includes('allowduplicatedocnum') ||
      faults.allowDuplicateDocNumbers === true;
    const [entityPath, entityId] = resource.split('/');

    if (requestId !== null && requestId.length > (isBatch ? 36 : 50)) {
      sendFault(res, faultSpecs.businessValidation(`requestid must be at most ${isBatch ? 36 : 50} characters`));
      return;
    }
    if (receivables.accounting(req, res, url, realm, resource, body)) return;

    if (entityPath === 'companyinfo' && method === 'GET') {
      if (entityId !== realm && entityId !== target.companyInfo.Id) {
        sendFault(res, faultSpecs.objectNotFound(`CompanyInfo ${entityId ?? ''}`));
        return;
      }
      sendJson(res, 200, { CompanyInfo: target.companyInfo, time: formatQboTime(now()) });
      return;
    }

    if (entityPath === 'query' && (method === 'GET' || method === 'POST')) {
      const statement = method === 'GET' ? (url.searchParams.get('query') ?? '') : body;
      const outcome = runStatement(statement.trim(), target);
      if (outcome.ok) sendJson(res, 200, { QueryResponse: outcome.response, time: formatQboTime(now()) });
      else sendFault(res, outcome.fault);
      return;
    }

    const readable: Record<string, ReadonlyArray<{ Id: string }>> = {
      invoice: target.invoices,
      item: target.items,
      customer: target.customers,
      creditmemo: creditMemosOf(target),
    };
    const collection = entityPath === undefined ? undefined : readable[entityPath];
    if (collection && entityId && method === 'GET') {
      const entity = collection.find((candidate) => candidate.Id === entityId);
      const entityName =
        ({ invoice: 'Invoice', item: 'Item', creditmemo: 'CreditMemo' } as Record<string, string>)[entityPath!] ??
        'Customer';
      if (entity) sendJson(res, 200, { [entityName]: entity, time: formatQboTime(now()) });
      else sendFault(res, faultSpecs.objectNotFound(`${entityName} ${entityId}`));
      return;
    }

    const creates = ['invoice', 'item', 'creditmemo'];
    if ((isBatch || creates.includes(entityPath ?? '')) && !entityId && method === 'POST') {
      const payload = parseJson(body);
      if (!payload.ok) {
        sendFault(res, faultSpecs.invalidProperty('Request body is not valid JSON'));
        return;
      }
      const input = payload.value;
      // answerCanBeLost: whether the lost-answer fault may drop this answer (creates and batches only).
      const write = (perform: () => { status: number; body: unknown }, answerCanBeLost: boolean) =>
        answerWrite(req, res, target, requestId, perform, answerCanBeLost);
      if (isBatch) {
        const refusal = batchRefusal(input, requestId);
        if (refusal) sendFault(res, refusal);
        else write(() => runBatch(input, target, allowDuplicateDocNumber), true);
        return;
      }
      if (entityPath === 'creditmemo') {
        write(() => fromOutcome(createCreditMemo(input, target, { now: now() }), 'CreditMemo'), true);
        return;
      }
      if (entityPath === 'item') {
        write(() => fromOutcome(createItem(input, target, { now: now() }), 'Item'), false);
        return;
      }
      const operation = url.searchParams.get('operation');
      if (operation === 'void') write(() => fromOutcome(voidInvoice(input, target, { now: now() }), 'Invoice'), false);
      else if (operation === 'delete') write(() => fromOutcome(deleteInvoice(input, target), 'Invoice'), false);
      else if (operation !== null && operation !== 'create')
        sendFault(res, faultSpecs.unsupported(`invoice ${operation}`));
      else
        write(
          () => fromOutcome(createInvoice(input, target, { now: now(), allowDuplicateDocNumber }), 'Invoice'),
          true,
        );
      return;
    }

    sendFault(res, faultSpecs.unsupported(`${method} ${resource}`));
  }

  return { accountingApi };
}
