/**
 * The one home of "which tax codes may a profile hold": the connected QuickBooks company's own
 * list (`select * from TaxCode`). A US company has TAX and NON and allows a line without a code
 * (QuickBooks takes NON); any other company has its own codes and refuses a line without one.
 * Checked when a profile is saved and again before an invoice is sent, so a code QuickBooks
 * does not know is refused with the valid codes named, never sent.
 */
import { QboApiError, QboAuthError, type QboClient } from '@phone-billing/integrations/qbo';
import type { AppServices } from '../services';
import { AppError } from '../errors';
import { toQboAppError } from './connection-errors';

export type CompanyTaxCode = { id: string; name: string; description: string | null };
export type CompanyTaxCodes = {
  taxCodes: CompanyTaxCode[];
  /** True when lines may go without a code (a US company: QuickBooks then takes NON). */
  noTaxAllowed: boolean;
};

/**
 * Reads the company's codes (two queries; not kept, so a code added in QuickBooks counts at
 * once); `patient` waits throttling out (a job) instead of reporting it (a form).
 */
export async function readCompanyTaxCodes(client: QboClient, options: { patient: boolean }): Promise<CompanyTaxCodes> {
  const throttlePatienceMs = options.patient ? undefined : 0;
  const codes = await client.listTaxCodes({ throttlePatienceMs });
  const [company] = await client.query<{ Country?: string }>('select * from CompanyInfo', { throttlePatienceMs });
  // QuickBooks reports a US company's country as "US" (older companies leave it out).
  const us = !company?.Country || company.Country === 'US';
  const taxCodes = codes.map((code) => ({
    id: code.Id,
    name: code.Name,
    description: code.Description?.trim() || null,
  }));
  // A US company takes TAX and NON on every line, whether or not its TaxCode list shows them.
  if (us) {
    for (const [id, description] of [
      ['TAX', 'Taxable'],
      ['NON', 'Non-taxable'],
    ] as const) {
      if (!taxCodes.some((code) => code.id === id)) taxCodes.push({ id, name: id, description });
    }
  }
  return { taxCodes, noTaxAllowed: us };
}

/** The codes as people know them: "TAX (Taxable), NON (Non-taxable)"; a code is named by its Id where that differs. */
export function describeTaxCodes(list: CompanyTaxCodes): string {
  return list.taxCodes
    .map(
      (code) =>
        `${code.name}${code.id !== code.name ? ` [${code.id}]` : ''}${code.description && code.description !== code.name ? ` (${code.description})` : ''}`,
    )
    .join(', ');
}

/** What is wrong with holding this code in this company, or null when it is fine. */
export function taxCodeProblem(taxCode: string | null | undefined, list: CompanyTaxCodes): string | null {
  const code = taxCode?.trim() ?? '';
  if (!code) {
    return list.noTaxAllowed
      ? null
      : `This QuickBooks company needs a tax code on every invoice line. Choose one of its tax codes: ${describeTaxCodes(list)}.`;
  }
  if (list.taxCodes.some((known) => known.id === code)) return null;
  return `Tax code "${code}" is not one of this QuickBooks company's tax codes. Valid tax codes: ${describeTaxCodes(list)}.`;
}

/** The first problem with an invoice's lines' codes in this company (the same message as on save), or null. */
export function invoiceTaxCodeProblem(
  lines: ReadonlyArray<{ taxCode: string | null }>,
  list: CompanyTaxCodes,
): string | null {
  for (const line of lines) {
    const problem = taxCodeProblem(line.taxCode, list);
    if (problem) return problem;
  }
  return null;
}

/**
 * The connected company's codes for the profile form, or null when QuickBooks is not connected.
 * Throttling comes back at once as "try again in a minute" (429).
 */
export async function companyTaxCodes(services: AppServices): Promise<CompanyTaxCodes | null> {
  const client = (await services.integrations.qbo?.getClient()) ?? null;
  if (!client) return null;
  try {
    return await readCompanyTaxCodes(client, { patient: false });
  } catch (error) {
    throw toQboAppError(error);
  }
}

/**
 * Refuses (400, naming the valid codes) a profile's tax code the connected company does not
 * know. Without a connection, or when QuickBooks cannot be asked now, the profile is saved and
 * the code is checked again before its first invoice is sent.
 */
export async function assertTaxCodeKnown(services: AppServices, taxCode: string | null | undefined): Promise<void> {
  let list: CompanyTaxCodes | null;
  try {
    const client = (await services.integrations.qbo?.getClient()) ?? null;
    list = client ? await readCompanyTaxCodes(client, { patient: false }) : null;
  } catch (error) {
    if (!(error instanceof QboApiError) && !(error instanceof QboAuthError) && !(error instanceof AppError))
      throw error;
    services.logger.warn({ error: error.message }, 'Tax code not checked: QuickBooks could not be asked');
    return;
  }
  const problem = list ? taxCodeProblem(taxCode, list) : null;
  if (problem) throw new AppError('BAD_REQUEST', problem);
}
