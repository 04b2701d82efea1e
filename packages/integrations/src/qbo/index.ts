// The QuickBooks Online client side. The simulator has its own entry point
// (@phone-billing/integrations/qbo/simulator) so it never rides along into client code.
export {
  QboClient,
  QBO_MAX_BATCH_ITEMS,
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
export { quoteQboString } from './query-language';
export { invoiceQboState, type InvoiceQboState } from './invoice-state';
export type * from './entities';
