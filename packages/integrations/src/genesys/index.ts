export {
  GenesysClient,
  GENESYS_REQUESTS_PER_MINUTE,
  MAX_DETAILS_INTERVAL_MS,
  MAX_DETAILS_PAGINATION_RESULTS,
  splitIntoIntervals,
  type DateInterval,
  type GenesysClientConfig,
  type PageRequest,
} from './client';
export { GenesysApiError, GenesysAuthenticationError } from './errors';
export { mapConversationToCallRecord, type CallRecordInput } from './call-record-mapping';
export { interactionMetrics, type InteractionMetrics } from './interaction-metrics';
export { genesysConfigFromEnv, genesysRegionHost, GENESYS_REGION_HOSTS } from './config';
export type * from './schemas';
