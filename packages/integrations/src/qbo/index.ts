// The QuickBooks Online client side. The simulator has its own entry point
// (@phone-billing/integrations/qbo/simulator) so it never rides along into client code.
export {
  QboClient,
  QBO_MAX_BATCH_ITEMS,
  QBO_CDC_MAX_OBJECTS,
  QBO_CDC_LOOKBACK_DAYS,
  QBO_REQUEST_LIMITS,
  QboOAuth,
  createMemoryTokenStore,
  qboConfigFromEnv,
  type QboBeforeSend,
  type QboClientOptions,
  type QboConfig,
  type QboTokenSet,
  type QboTokenStatus,
  type QboTokenStore,
} from './client';
export { QboApiError, QboAuthError, parseQboFault } from './errors';
export { requestsPerMinuteFromEnv } from './config';
export {
  QBO_PRODUCTION_REQUESTS_PER_MINUTE,
  QBO_SANDBOX_REQUESTS_PER_MINUTE,
  QBO_THROTTLE_WINDOW_MS,
  qboRequestLimit,
  qboRequestsPerMinute,
} from './throttling';
export { quoteQboString } from './query-language';
export { invoiceQboState, type InvoiceQboState } from './invoice-state';
export type * from './entities';
export { searchCustomers, normaliseForSearch } from './customer-search';
export type * from './receivable-entities';
export { receivableStatus, emailedAt, RECEIVABLE_STATUSES, type ReceivableStatus } from './receivable-status';
export { parseWebhookBody, verifyWebhookSignature, signWebhookBody, type ParsedWebhookBody } from './webhook-format';
