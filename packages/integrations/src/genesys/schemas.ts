/**
 * Genesys Cloud wire shapes, as the platform API sends and accepts them (camelCase JSON).
 * Only the fields this product reads or the simulator writes are typed; the rest stay open
 * through optional members so real responses with more fields still fit.
 * Source: reference/external-apis.md PART A (SDK index.d.ts field names).
 */

export interface GenesysTokenResponse {
  access_token: string;
  token_type: string;
  expires_in: number;
}

/** The body /oauth/token answers with when it refuses a request. */
export interface GenesysOAuthErrorBody {
  error: string;
  description?: string;
  error_description?: string;
}

/** ErrorBody: the body of every non-2xx answer from /api/v2. */
export interface GenesysErrorBody {
  message: string;
  code: string;
  status: number;
  messageWithParams?: string;
  messageParams?: Record<string, string>;
  contextId?: string;
  details?: Array<{ errorCode?: string; fieldName?: string; entityId?: string; entityName?: string }>;
  errors?: GenesysErrorBody[];
  limit?: { key: string; namespace: string; value: number };
}

export interface GenesysDivisionRef {
  id: string;
  name: string;
  selfUri: string;
}

export interface GenesysEntityListing<Entity> {
  entities: Entity[];
  pageSize: number;
  pageNumber: number;
  total: number;
  pageCount: number;
  firstUri: string;
  selfUri: string;
  lastUri: string;
  nextUri?: string;
  previousUri?: string;
}

export interface GenesysContactInfo {
  address: string;
  display?: string;
  mediaType: 'EMAIL' | 'PHONE' | 'SMS';
  type: 'PRIMARY' | 'WORK' | 'WORK2' | 'WORK3' | 'WORK4' | 'HOME' | 'MOBILE' | 'MAIN';
  extension?: string;
}

export interface GenesysUser {
  id: string;
  name: string;
  division: GenesysDivisionRef;
  chat?: { jabberId: string };
  department?: string;
  email?: string;
  primaryContactInfo?: GenesysContactInfo[];
  addresses?: GenesysContactInfo[];
  state: 'active' | 'inactive' | 'deleted';
  title?: string;
  username?: string;
  version: number;
  acdAutoAnswer?: boolean;
  selfUri: string;
}

export interface GenesysQueue {
  id: string;
  name: string;
  division: GenesysDivisionRef;
  description?: string;
  dateCreated?: string;
  dateModified?: string;
  modifiedBy?: string;
  createdBy?: string;
  memberCount?: number;
  userMemberCount?: number;
  joinedMemberCount?: number;
  mediaSettings?: Record<string, unknown>;
  acwSettings?: { wrapupPrompt: string; timeoutMs?: number };
  skillEvaluationMethod?: string;
  autoAnswerOnly?: boolean;
  enableTranscription?: boolean;
  enableManualAssignment?: boolean;
  callingPartyName?: string;
  selfUri: string;
}

export interface GenesysWrapUpCode {
  id: string;
  name: string;
  dateCreated?: string;
  createdBy?: string;
  selfUri: string;
}

export type GenesysUserListing = GenesysEntityListing<GenesysUser>;
export type GenesysQueueListing = GenesysEntityListing<GenesysQueue>;

export type GenesysMediaType =
  | 'callback'
  | 'chat'
  | 'cobrowse'
  | 'email'
  | 'internalmessage'
  | 'message'
  | 'screenmonitoring'
  | 'screenshare'
  | 'unknown'
  | 'video'
  | 'voice';

export type GenesysDirection = 'inbound' | 'outbound';

export interface AnalyticsSegmentPredicate {
  type?: 'dimension' | 'property' | 'metric';
  dimension?: string;
  propertyType?: string;
  property?: string;
  metric?: string;
  operator?: 'matches' | 'exists' | 'notExists';
  value?: string;
  range?: { gt?: number; gte?: number; lt?: number; lte?: number };
}

export interface AnalyticsQueryFilter {
  type: 'and' | 'or';
  predicates?: AnalyticsSegmentPredicate[];
  clauses?: Array<{ type: 'and' | 'or'; predicates: AnalyticsSegmentPredicate[] }>;
}

/** Body of POST /api/v2/analytics/conversations/details/query. */
export interface ConversationDetailsQuery {
  /** ISO-8601 `start/end`; at most 7 days long. */
  interval: string;
  order?: 'asc' | 'desc' | 'unordered';
  orderBy?: 'conversationStart' | 'conversationEnd' | 'segmentStart' | 'segmentEnd';
  paging?: { pageSize: number; pageNumber: number };
  conversationFilters?: AnalyticsQueryFilter[];
  segmentFilters?: AnalyticsQueryFilter[];
}

export interface AnalyticsSessionMetric {
  name: string;
  value: number;
  emitDate: string;
}

export interface AnalyticsConversationSegment {
  segmentStart: string;
  segmentEnd?: string;
  segmentType: string;
  queueId?: string;
  wrapUpCode?: string;
  wrapUpNote?: string;
  disconnectType?: string;
  conference?: boolean;
  destinationConversationId?: string;
  sourceConversationId?: string;
}

export interface AnalyticsSession {
  sessionId: string;
  mediaType: GenesysMediaType | string;
  direction?: GenesysDirection;
  ani?: string;
  dnis?: string;
  sessionDnis?: string;
  edgeId?: string;
  provider?: string;
  remote?: string;
  remoteNameDisplayable?: string;
  recording?: boolean;
  requestedRoutings?: string[];
  usedRouting?: string;
  selectedAgentId?: string;
  flow?: Record<string, unknown>;
  metrics?: AnalyticsSessionMetric[];
  segments: AnalyticsConversationSegment[];
}

export type ParticipantPurpose =
  | 'acd'
  | 'agent'
  | 'api'
  | 'botflow'
  | 'campaign'
  | 'customer'
  | 'dialer'
  | 'external'
  | 'fax'
  | 'group'
  | 'inbound'
  | 'ivr'
  | 'manual'
  | 'outbound'
  | 'station'
  | 'user'
  | 'voicemail'
  | 'voicesurveyflow'
  | 'workflow';

export interface AnalyticsParticipant {
  participantId: string;
  participantName?: string;
  purpose: ParticipantPurpose | string;
  userId?: string;
  externalContactId?: string;
  sessions: AnalyticsSession[];
}

export interface AnalyticsConversation {
  conversationId: string;
  conversationStart: string;
  conversationEnd?: string;
  originatingDirection?: GenesysDirection;
  divisionIds?: string[];
  externalTag?: string;
  mediaStatsMinConversationMos?: number;
  mediaStatsMinConversationRFactor?: number;
  participants: AnalyticsParticipant[];
}

/**
 * Every member optional, at every depth, as Genesys' own API definition has them (the SDK's
 * models mark nothing required). What the simulator writes is complete; what a real org sends
 * may leave any of it out: a participant without sessions, a session without segments, a
 * segment without a type. Code that reads vendor data takes this shape.
 */
export type VendorOptional<T> =
  T extends Array<infer Item>
    ? Array<VendorOptional<Item>>
    : T extends object
      ? { [Key in keyof T]?: VendorOptional<T[Key]> }
      : T;

/** A conversation as the details query may really send it. */
export type AnalyticsConversationAsSent = VendorOptional<AnalyticsConversation>;
export type AnalyticsParticipantAsSent = VendorOptional<AnalyticsParticipant>;
export type AnalyticsSegmentAsSent = VendorOptional<AnalyticsConversationSegment>;

/** Response of the details query; `conversations` is absent past the last page. */
export interface ConversationDetailsQueryResponse {
  conversations?: AnalyticsConversation[];
  totalHits: number;
  aggregations?: unknown[];
}
