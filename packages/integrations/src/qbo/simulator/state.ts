import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { QboAccount, QboCompanyInfo, QboCreditMemo, QboCustomer, QboInvoice, QboItem } from '../entities';
import { seedAccountList, seedCompanyInfo, seedCustomerList, seedItemList } from './seed';
import type { QboCompanyTax } from './tax-codes';

// Everything the simulator remembers. Plain JSON, so it can be written to a file and read back.

export type StoredAnswer = { status: number; body: string };

export type CompanyState = {
  realmId: string;
  /** Which tax rules the company plays (tax-codes.ts); a state file without it is a plain US company. */
  tax?: QboCompanyTax;
  companyInfo: QboCompanyInfo;
  customers: QboCustomer[];
  items: QboItem[];
  accounts: QboAccount[];
  invoices: QboInvoice[];
  /** Credit memos (credit-memos.ts); absent in state files written before they existed. */
  creditMemos?: QboCreditMemo[];
  nextInvoiceId: number;
  nextItemId: number;
  nextDocNumber: number;
  /** Answers to writes sent with a requestid, replayed when the same requestid comes again. */
  answersByRequestId: Record<string, StoredAnswer>;
};

export type Grant = { realmId: string; clientId: string; createdAt: number; revoked: boolean };

export type SimulatorState = {
  version: 1;
  companies: Record<string, CompanyState>;
  authorizationCodes: Record<
    string,
    { clientId: string; redirectUri: string; realmId: string; issuedAt: number; used: boolean }
  >;
  grants: Record<string, Grant>;
  refreshTokens: Record<string, { grantId: string; expiresAt: number; used: boolean }>;
  accessTokens: Record<string, { grantId: string; expiresAt: number }>;
};

export function seedCompany(realmId: string, customerCount?: number): CompanyState {
  return {
    realmId,
    companyInfo: seedCompanyInfo(),
    customers: seedCustomerList(customerCount),
    items: seedItemList(),
    accounts: seedAccountList(),
    invoices: [],
    nextInvoiceId: 130,
    nextItemId: 30,
    nextDocNumber: 1001,
    answersByRequestId: {},
  };
}

export function seedState(realmId: string, customerCount?: number): SimulatorState {
  return {
    version: 1,
    companies: { [realmId]: seedCompany(realmId, customerCount) },
    authorizationCodes: {},
    grants: {},
    refreshTokens: {},
    accessTokens: {},
  };
}

/**
 * Reads the state file, or seeds a fresh company when there is none yet. A company holding fewer
 * customers than `customerCount` gets the missing generated ones.
 */
export function loadState(stateFile: string | undefined, realmId: string, customerCount?: number): SimulatorState {
  if (stateFile && existsSync(stateFile)) {
    const parsed = JSON.parse(readFileSync(stateFile, 'utf8')) as SimulatorState;
    if (parsed.version === 1 && parsed.companies) {
      const company = (parsed.companies[realmId] ??= seedCompany(realmId, customerCount));
      if (customerCount && company.customers.length < customerCount) {
        const known = new Set(company.customers.map((customer) => customer.Id));
        company.customers.push(...seedCustomerList(customerCount).filter((customer) => !known.has(customer.Id)));
      }
      return parsed;
    }
  }
  return seedState(realmId, customerCount);
}

/** Writes through a temporary file so a crash mid-write never leaves half a state file. */
export function saveState(stateFile: string, state: SimulatorState): void {
  mkdirSync(dirname(stateFile), { recursive: true });
  const temporary = `${stateFile}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify(state));
  renameSync(temporary, stateFile);
}
