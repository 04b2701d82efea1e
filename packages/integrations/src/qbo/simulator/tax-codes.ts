import type { QboInvoiceLine, QboTaxCode, QboTxnTaxDetail } from '../entities';
import { faults, type FaultSpec } from './wire-format';

// Sales tax as the simulated company plays it (POST /_control/company sets it):
// - US (the default): QuickBooks' two US codes, TAX and NON; a line without a code is NON,
//   and no tax is added (manual sales tax with no rate set up).
// - US with automated sales tax: the same codes; QuickBooks works the tax out from the
//   customer's address, the simulator charges one fixed rate on TAX lines, so the invoice's
//   TotalAmt is the amount billed plus TxnTaxDetail.TotalTax.
// - non-US (a UK company): its own codes by Id (standard-rated VAT, zero-rated, exempt); TAX and
//   NON do not exist there, and a line without a code is refused, as QuickBooks refuses it.

export type QboCompanyTax = {
  kind: 'US' | 'non-US';
  /** US only: QuickBooks adds sales tax itself. */
  automatedSalesTax: boolean;
  /** Percent charged on taxable lines: automated US sales tax, or a non-US company's standard rate. */
  salesTaxRatePercent: number;
};

/** The fixed rate automated sales tax charges on TAX lines in the simulator (percent). */
export const SIMULATED_US_SALES_TAX_PERCENT = 8.25;
/** A UK company's standard VAT rate (percent). */
const STANDARD_VAT_PERCENT = 20;

/** A company's tax setup; the rate defaults to 8.25 % (US automated sales tax) or 20 % (UK VAT). */
export function companyTax(
  kind: QboCompanyTax['kind'] = 'US',
  automatedSalesTax = false,
  salesTaxRatePercent?: number,
): QboCompanyTax {
  const rate = salesTaxRatePercent ?? (kind === 'US' ? SIMULATED_US_SALES_TAX_PERCENT : STANDARD_VAT_PERCENT);
  return { kind, automatedSalesTax: kind === 'US' && automatedSalesTax, salesTaxRatePercent: rate };
}

export function defaultCompanyTax(): QboCompanyTax {
  return companyTax();
}

const stamp = { CreateTime: '2024-01-08T09:12:44-08:00', LastUpdatedTime: '2024-01-08T09:12:44-08:00' };
type RatedCode = QboTaxCode & { ratePercent: number };

/** The company's codes with the rate each charges (0 where nothing is added). */
function codesOf(tax: QboCompanyTax): RatedCode[] {
  if (tax.kind === 'US') {
    return [
      {
        Id: 'TAX',
        Name: 'TAX',
        Description: 'Taxable',
        Active: true,
        Taxable: true,
        TaxGroup: false,
        ratePercent: tax.automatedSalesTax ? tax.salesTaxRatePercent : 0,
      },
      {
        Id: 'NON',
        Name: 'NON',
        Description: 'Non-taxable',
        Active: true,
        Taxable: false,
        TaxGroup: false,
        ratePercent: 0,
      },
    ];
  }
  const standard = tax.salesTaxRatePercent;
  return [
    {
      Id: '2',
      Name: `${standard.toFixed(1)}% S`,
      Description: `Standard rated (${standard}%)`,
      Active: true,
      Taxable: true,
      TaxGroup: false,
      ratePercent: standard,
    },
    {
      Id: '4',
      Name: '0.0% Z',
      Description: 'Zero-rated',
      Active: true,
      Taxable: true,
      TaxGroup: false,
      ratePercent: 0,
    },
    {
      Id: '6',
      Name: 'Exempt',
      Description: 'Exempt from VAT',
      Active: true,
      Taxable: false,
      TaxGroup: false,
      ratePercent: 0,
    },
    {
      Id: '9',
      Name: '5.0% R',
      Description: 'Reduced rate (5%), no longer used',
      Active: false,
      Taxable: true,
      TaxGroup: false,
      ratePercent: 5,
    },
  ];
}

/** The company's TaxCode entities as `select * from TaxCode` returns them. */
export function taxCodeEntities(tax: QboCompanyTax): QboTaxCode[] {
  return codesOf(tax).map(({ ratePercent: _rate, ...code }) => ({
    ...code,
    SyncToken: '0',
    domain: 'QBO',
    sparse: false,
    MetaData: stamp,
  }));
}

/** The country CompanyInfo reports for this kind of company. */
export function countryOf(tax: QboCompanyTax): string {
  return tax.kind === 'US' ? 'US' : 'GB';
}

const cents = (value: number) => Math.round(value * 100) / 100;

/**
 * Checks every sales line's TaxCodeRef against the company's codes, fills in the code QuickBooks
 * assumes, and works out the tax QuickBooks adds. Returns a fault for an unknown or inactive
 * code, or for a line without one where the company requires it.
 */
export function applyCompanyTax(
  lines: QboInvoiceLine[],
  tax: QboCompanyTax,
): { ok: true; tax: QboTxnTaxDetail } | { ok: false; fault: FaultSpec } {
  const codes = codesOf(tax);
  let totalTax = 0;
  let taxableAmount = 0;
  let rate = 0;
  for (const line of lines) {
    if (line.DetailType !== 'SalesItemLineDetail') continue;
    const given = line.SalesItemLineDetail.TaxCodeRef?.value;
    if (given === undefined || given === '') {
      if (tax.kind !== 'US') {
        return {
          ok: false,
          fault: faults.businessValidation(
            `Make sure all your transactions have a VAT rate before you save. Line ${line.LineNum ?? ''} has no TaxCodeRef.`,
          ),
        };
      }
      line.SalesItemLineDetail.TaxCodeRef = { value: 'NON' };
      continue;
    }
    const code = codes.find((candidate) => candidate.Id === given);
    if (!code) {
      return {
        ok: false,
        fault: faults.invalidReference(`TaxCode ${given} assigned to this transaction is not found`),
      };
    }
    if (code.Active === false)
      return {
        ok: false,
        fault: faults.businessValidation(`The tax code ${code.Name} is inactive and cannot be used.`),
      };
    if (code.ratePercent > 0) {
      rate = code.ratePercent;
      taxableAmount += line.Amount;
      totalTax += (line.Amount * code.ratePercent) / 100;
    }
  }
  if (totalTax === 0) return { ok: true, tax: { TotalTax: 0 } };
  return {
    ok: true,
    tax: {
      TotalTax: cents(totalTax),
      ...(tax.kind === 'US' ? { TxnTaxCodeRef: { value: '2', name: 'California' } } : {}),
      TaxLine: [
        {
          Amount: cents(totalTax),
          DetailType: 'TaxLineDetail',
          TaxLineDetail: {
            TaxRateRef: { value: '3' },
            PercentBased: true,
            TaxPercent: rate,
            NetAmountTaxable: cents(taxableAmount),
          },
        },
      ],
    },
  };
}
