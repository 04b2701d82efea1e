import { creditMemosOf } from './credit-memos';
import { createInvoice, createItem } from './company-writes';
import { parseQuery, QueryParseError, QueryValidationError, runQuery } from './query-engine';
import type { CompanyState } from './state';
import { SIMULATED_TERMS } from './terms';
import { defaultCompanyTax, taxCodeEntities } from './tax-codes';
import { faultBody, faults as faultSpecs, formatQboTime, type FaultSpec } from './wire-format';

const baseQueryFields: Record<string, string[]> = {
  Invoice: [
    'Id',
    'SyncToken',
    'DocNumber',
    'TxnDate',
    'DueDate',
    'CustomerRef',
    'TotalAmt',
    'Balance',
    'MetaData',
    'PrivateNote',
    'CustomerMemo',
    'Line',
    'BillEmail',
    'EmailStatus',
    'PrintStatus',
    'CurrencyRef',
  ],
  CreditMemo: [
    'Id',
    'SyncToken',
    'DocNumber',
    'TxnDate',
    'CustomerRef',
    'TotalAmt',
    'Balance',
    'RemainingCredit',
    'MetaData',
    'PrivateNote',
    'CustomerMemo',
    'Line',
  ],
};

/** Queries (alone or in a batch) over the company's entities, and batches of queries and creates. */
export function createAccountingQueries(now: () => Date) {
  function queryableEntities(target: CompanyState) {
    return [
      { name: 'Customer', rows: target.customers },
      { name: 'Item', rows: target.items },
      { name: 'Invoice', rows: target.invoices },
      { name: 'CreditMemo', rows: creditMemosOf(target) },
      { name: 'Account', rows: target.accounts },
      { name: 'CompanyInfo', rows: [target.companyInfo] },
      { name: 'TaxCode', rows: taxCodeEntities(target.tax ?? defaultCompanyTax()) },
      { name: 'Term', rows: SIMULATED_TERMS },
    ];
  }

  function knownFieldsOf(target: CompanyState) {
    return (entityName: string): ReadonlySet<string> => {
      const entity = queryableEntities(target).find((candidate) => candidate.name === entityName);
      const fields = new Set(baseQueryFields[entityName] ?? []);
      for (const row of entity?.rows ?? []) for (const key of Object.keys(row)) fields.add(key);
      return fields;
    };
  }

  type QueryOutcome = { ok: true; response: Record<string, unknown> } | { ok: false; fault: FaultSpec };

  function runStatement(statement: string, target: CompanyState): QueryOutcome {
    try {
      return { ok: true, response: runQuery(parseQuery(statement), queryableEntities(target), knownFieldsOf(target)) };
    } catch (error) {
      if (error instanceof QueryParseError) return { ok: false, fault: faultSpecs.queryParse(error.detail) };
      if (error instanceof QueryValidationError) return { ok: false, fault: faultSpecs.queryInvalid(error.detail) };
      throw error;
    }
  }

  function batchFault(spec: FaultSpec) {
    return {
      type: spec.type,
      Error: [
        { Message: spec.message, Detail: spec.detail ?? spec.message, code: spec.code, element: spec.element ?? '' },
      ],
    };
  }

  function runBatch(
    payload: unknown,
    target: CompanyState,
    allowDuplicateDocNumber: boolean,
  ): { status: number; body: unknown } {
    const requests = (payload as { BatchItemRequest?: unknown } | null)?.BatchItemRequest;
    if (!Array.isArray(requests))
      return { status: 400, body: faultBody(faultSpecs.missingParameter('BatchItemRequest'), now()) };
    const answers = requests.map((raw: unknown) => {
      const item = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
      const bId = typeof item.bId === 'string' ? item.bId : '';
      if (!bId) return { bId, Fault: batchFault(faultSpecs.missingParameter('bId')) };
      if (typeof item.Query === 'string') {
        const outcome = runStatement(item.Query, target);
        return outcome.ok ? { bId, QueryResponse: outcome.response } : { bId, Fault: batchFault(outcome.fault) };
      }
      if (item.operation === 'create' && 'Invoice' in item) {
        const outcome = createInvoice(item.Invoice, target, { now: now(), allowDuplicateDocNumber });
        return outcome.ok ? { bId, Invoice: outcome.entity } : { bId, Fault: batchFault(outcome.fault) };
      }
      if (item.operation === 'create' && 'Item' in item) {
        const outcome = createItem(item.Item, target, { now: now() });
        return outcome.ok ? { bId, Item: outcome.entity } : { bId, Fault: batchFault(outcome.fault) };
      }
      return { bId, Fault: batchFault(faultSpecs.unsupported(`${String(item.operation ?? 'unknown')} in batch`)) };
    });
    return { status: 200, body: { BatchItemResponse: answers, time: formatQboTime(now()) } };
  }

  return { runStatement, runBatch };
}
