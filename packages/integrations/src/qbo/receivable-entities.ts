// What QuickBooks tells about an invoice after it was created (reference/quickbooks-after-invoice.md):
// payments, delivery, change data capture and webhook bodies, with QuickBooks' own field names.
import type { QboMetaData, QboRef } from './entities';

export type QboLinkedTxn = { TxnId: string; TxnType: string };

export type QboPaymentLine = { Amount: number; LinkedTxn: QboLinkedTxn[]; LineEx?: unknown };

export type QboPayment = {
  Id: string;
  SyncToken: string;
  domain: string;
  sparse: boolean;
  TxnDate: string;
  TotalAmt: number;
  UnappliedAmt: number;
  ProcessPayment: boolean;
  CustomerRef: QboRef;
  Line: QboPaymentLine[];
  PrivateNote?: string;
  PaymentRefNum?: string;
  DepositToAccountRef?: QboRef;
  MetaData: QboMetaData;
  [field: string]: unknown;
};

/** `DeliveryInfo` as the send operation sets it. */
export type QboDeliveryInfo = { DeliveryType: string; DeliveryTime?: string; DeliveryErrorType?: string };

/** What CDC returns for a deleted transaction: no fields beyond these. */
export type QboTombstone = { domain: string; status: 'Deleted'; Id: string; MetaData: { LastUpdatedTime: string } };

/** One `QueryResponse` of a CDC answer: the changed rows of one entity type, or `{}`. */
export type QboCdcQueryResponse = { startPosition?: number; maxResults?: number; totalCount?: number } & Record<
  string,
  unknown
>;

export type QboCdcResponse = { CDCResponse: Array<{ QueryResponse: QboCdcQueryResponse[] }>; time: string };

/** One change a webhook tells of, whichever body format carried it. */
export type QboWebhookEvent = {
  /** The CloudEvents id; for the classic body, a hash of what the event says. */
  eventId: string;
  realmId: string;
  /** PascalCase, as the classic body spells it: Invoice, Payment, CreditMemo. */
  entityName: string;
  entityId: string;
  /** Create, Update, Delete, Merge, Void, Emailed (CloudEvents verbs mapped onto these). */
  operation: string;
  /** When the change happened (ISO-8601), as QuickBooks says. */
  occurredAt: string;
  deletedId?: string;
};
