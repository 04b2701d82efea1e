import type { IncomingMessage, ServerResponse } from 'node:http';
import type { QboCreditMemo, QboCustomer, QboInvoice } from '../entities';
import type { ReceivablesOptions, ReceivablesRoutes } from './receivables-routes';
import type { QboCompanyTax } from './tax-codes';
import type { QboSimulatorModes } from './vendor-modes';

/** Switches tests flip to make the simulator misbehave the way QuickBooks sometimes does. */
export type QboSimulatorFaults = {
  /** Share (0..1) of API requests answered with a 5xx before anything happens. */
  serverErrorRate: number;
  /** Delay before each API request is handled (the request counts as in flight meanwhile). */
  latencyMs: number;
  /** Share (0..1) of invoice/batch writes that are stored and then lose their answer. */
  lostAnswerRate: number;
  /** How an answer is lost: a 5xx, a dropped connection, or those two taking turns (default). */
  lostAnswerMode?: '5xx' | 'drop' | 'both';
  /** Lifetime of access tokens issued from now on (QuickBooks: 3600). */
  accessTokenLifetimeSeconds: number;
  /** The next N API requests are answered 429 (code 3001). */
  throttleBurst: number;
  /** Casing of the 401 fault body; QuickBooks mostly sends the lower-case `fault` form. */
  authFaultCasing: 'lower' | 'upper';
  /**
   * A company whose duplicate-number warning is off (QuickBooks' "Custom transaction numbers"
   * preference): a second invoice with a taken DocNumber is created, not refused with 6140, so a
   * double send shows up as two invoices.
   */
  allowDuplicateDocNumbers?: boolean;
};

export type QboSimulatorOptions = {
  /** Keep the state in this JSON file (read at creation, written after each change). */
  stateFile?: string;
  now?: () => Date;
  /** Per realm, as QuickBooks: 500. */
  requestsPerMinute?: number;
  /** Per realm, as QuickBooks: 10. */
  maxConcurrent?: number;
  batchRequestsPerMinute?: number;
  maxBatchItems?: number;
  realmId?: string;
  clientId?: string;
  clientSecret?: string;
  /** Registered redirect URIs; when left out any absolute http(s) URI is accepted. */
  redirectUris?: string[];
  /** How latency waits; tests can pass one they control. */
  delay?: (milliseconds: number) => Promise<void>;
  /** Customers in the company: the seeded dozen, and generated ones beyond (load tests). */
  customerCount?: number;
  /** What it plays beyond the schemas (vendor-modes.ts); changeable later through `modes`. */
  modes?: Partial<QboSimulatorModes>;
  /** A fresh company's tax setup (tax codes, tax added); default a US company adding none. */
  companyTax?: QboCompanyTax;
  /** Payments, send, CDC and webhook delivery (receivables-routes.ts). */
  receivables?: ReceivablesOptions;
};

export type QboSimulator = {
  handle(req: IncomingMessage, res: ServerResponse): void;
  listen(port?: number, host?: string): Promise<{ url: string; close(): Promise<void> }>;
  faults: QboSimulatorFaults;
  /** Budget, throttling and 401 formats, window length: change them at any time. */
  modes: QboSimulatorModes;
  /** Makes the company US (TAX/NON, no tax added), US with automated sales tax, or non-US (see companyTax). */
  setCompanyTax(tax: QboCompanyTax, realmId?: string): void;
  expireAccessTokens(): void;
  /** The company's invoices, voided ones included (deleted ones are gone). */
  invoices(realmId?: string): QboInvoice[];
  /** The company's credit memos. */
  creditMemos(realmId?: string): QboCreditMemo[];
  /** Voids an invoice as `POST invoice?operation=void` would; throws when there is no such invoice. */
  voidInvoice(id: string, realmId?: string): QboInvoice;
  /** Deletes an invoice as `POST invoice?operation=delete` would; throws when there is no such invoice. */
  deleteInvoice(id: string, realmId?: string): void;
  /** A person changes an invoice's DocNumber in QuickBooks (see person-edits.ts). */
  renumberInvoice(id: string, docNumber: string, realmId?: string): QboInvoice;
  customers(realmId?: string): QboCustomer[];
  /** A person renames a customer in QuickBooks (see person-edits.ts). */
  renameCustomer(id: string, displayName: string, realmId?: string): QboCustomer;
  readonly realmId: string;
  readonly credentials: { clientId: string; clientSecret: string };
  /** The redirect URL that approving this authorize URL produces, without a browser. */
  approve(authorizeUrl: string): Promise<string>;
  /** Whether any grant is live (tokens issued and not revoked). */
  isConnected(): boolean;
  /** What the simulator answered since it started (or since resetStats). */
  readonly stats: QboSimulatorStats;
  resetStats(): void;
  /** What happens after an invoice: payments, e-mails, webhooks to the app (receivables-routes.ts). */
  readonly receivables: ReceivablesRoutes;
};

export type QboSimulatorStats = {
  /** Accounting API requests received (OAuth endpoints not counted). */
  apiRequests: number;
  /** Throttled answers, 429 or 403/3001 as the modes say (limits exceeded, or a throttleBurst fault). */
  tooManyRequestsSent: number;
  /** Most Accounting API requests of one company in flight at once. */
  mostInFlight: number;
  /** Most Accounting API requests of one company within any 60 s. */
  busiestMinute: number;
};
