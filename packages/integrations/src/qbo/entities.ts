// QuickBooks Online Accounting API v3 entity shapes, with QuickBooks' own field names.
// Only the fields this product reads or writes are typed; QuickBooks sends more, and the
// index signatures keep those available without pretending to know them.

export type QboRef = { value: string; name?: string };

export type QboAddress = {
  Id?: string;
  Line1?: string;
  Line2?: string;
  Line3?: string;
  City?: string;
  CountrySubDivisionCode?: string;
  PostalCode?: string;
  Country?: string;
  Lat?: string;
  Long?: string;
};

export type QboMetaData = { CreateTime: string; LastUpdatedTime: string };

export type QboCompanyInfo = {
  Id: string;
  SyncToken: string;
  domain: string;
  sparse?: boolean;
  CompanyName: string;
  LegalName?: string;
  CompanyAddr?: QboAddress;
  LegalAddr?: QboAddress;
  CustomerCommunicationAddr?: QboAddress;
  PrimaryPhone?: { FreeFormNumber?: string };
  Email?: { Address?: string };
  CustomerCommunicationEmailAddr?: { Address?: string };
  WebAddr?: { URI?: string };
  Country?: string;
  SupportedLanguages?: string;
  DefaultTimeZone?: string;
  FiscalYearStartMonth?: string;
  CompanyStartDate?: string;
  NameValue?: Array<{ Name: string; Value: string }>;
  MetaData?: QboMetaData;
  [field: string]: unknown;
};

export type QboCustomer = {
  Id: string;
  SyncToken: string;
  domain?: string;
  sparse?: boolean;
  DisplayName: string;
  Title?: string;
  GivenName?: string;
  MiddleName?: string;
  FamilyName?: string;
  Suffix?: string;
  FullyQualifiedName?: string;
  CompanyName?: string;
  PrintOnCheckName?: string;
  Active?: boolean;
  PrimaryEmailAddr?: { Address?: string };
  PrimaryPhone?: { FreeFormNumber?: string };
  BillAddr?: QboAddress;
  ShipAddr?: QboAddress;
  Balance?: number;
  CurrencyRef?: QboRef;
  PreferredDeliveryMethod?: string;
  MetaData?: QboMetaData;
  [field: string]: unknown;
};

export type QboItem = {
  Id: string;
  SyncToken: string;
  Name: string;
  Type: 'Service' | 'NonInventory' | 'Inventory' | 'Group' | 'Category';
  Active?: boolean;
  Description?: string;
  UnitPrice?: number;
  Taxable?: boolean;
  IncomeAccountRef?: QboRef;
  FullyQualifiedName?: string;
  MetaData?: QboMetaData;
  [field: string]: unknown;
};

export type QboAccount = {
  Id: string;
  SyncToken: string;
  Name: string;
  AccountType: string;
  Classification?: string;
  Active?: boolean;
  [field: string]: unknown;
};

export type QboSalesItemLine = {
  Id?: string;
  LineNum?: number;
  DetailType: 'SalesItemLineDetail';
  Amount: number;
  Description?: string;
  SalesItemLineDetail: {
    ItemRef: QboRef;
    Qty?: number;
    UnitPrice?: number;
    TaxCodeRef?: QboRef;
    ServiceDate?: string;
  };
};

export type QboDescriptionLine = {
  Id?: string;
  LineNum?: number;
  DetailType: 'DescriptionOnly';
  Amount?: number;
  Description?: string;
  DescriptionLineDetail?: Record<string, unknown>;
};

export type QboSubTotalLine = {
  DetailType: 'SubTotalLineDetail';
  Amount: number;
  SubTotalLineDetail: Record<string, unknown>;
};

export type QboInvoiceLine = QboSalesItemLine | QboDescriptionLine | QboSubTotalLine;

/** What the client sends to create an invoice. */
export type QboInvoiceInput = {
  CustomerRef: QboRef;
  Line: Array<QboSalesItemLine | QboDescriptionLine>;
  TxnDate?: string;
  DueDate?: string;
  DocNumber?: string;
  CustomerMemo?: { value: string };
  PrivateNote?: string;
  BillEmail?: { Address: string };
  [field: string]: unknown;
};

/** What an invoice and a credit memo (QuickBooks' sales transactions) both carry. */
type QboSalesTransaction = {
  Id: string;
  SyncToken: string;
  domain: string;
  sparse: boolean;
  DocNumber: string;
  TxnDate: string;
  CustomerRef: QboRef;
  Line: QboInvoiceLine[];
  TotalAmt: number;
  Balance: number;
  CustomerMemo?: { value: string };
  PrivateNote?: string;
  MetaData: QboMetaData;
  [field: string]: unknown;
};

/** An invoice as QuickBooks returns it. */
export type QboInvoice = QboSalesTransaction & {
  DueDate: string;
  BillEmail?: { Address: string };
  BillAddr?: QboAddress;
};

/** A sales tax code of the company (`select * from TaxCode`); lines name it by Id in TaxCodeRef. */
export type QboTaxCode = {
  Id: string;
  Name: string;
  Description?: string;
  Active?: boolean;
  Taxable?: boolean;
  TaxGroup?: boolean;
  Hidden?: boolean;
  SyncToken?: string;
  MetaData?: QboMetaData;
  [field: string]: unknown;
};

/** The tax QuickBooks added to an invoice (zero when it added none). */
export type QboTxnTaxDetail = {
  TotalTax: number;
  TxnTaxCodeRef?: QboRef;
  TaxLine?: Array<{ Amount: number; DetailType: 'TaxLineDetail'; TaxLineDetail: Record<string, unknown> }>;
};

/**
 * A credit memo as QuickBooks returns it (reference/quickbooks-after-invoice.md §5.2): money the
 * company owes the customer; RemainingCredit is what is still to be applied.
 */
export type QboCreditMemo = QboSalesTransaction & { RemainingCredit: number };

export type QboFaultError = { message: string; detail: string; code: string; element?: string | null };
export type QboFault = { type: string; errors: QboFaultError[] };

export type QboBatchItemRequest =
  | { bId: string; operation: 'create' | 'update' | 'delete'; Invoice: Record<string, unknown> }
  | { bId: string; operation: 'create' | 'update' | 'delete'; Item: Record<string, unknown> }
  | { bId: string; operation: 'create' | 'update' | 'delete'; Customer: Record<string, unknown> }
  | { bId: string; Query: string };

/** One answer of a batch; exactly one of the entity keys, QueryResponse or Fault is set. */
export type QboBatchItemResponse = {
  bId: string;
  Invoice?: QboInvoice;
  Item?: QboItem;
  Customer?: QboCustomer;
  QueryResponse?: Record<string, unknown>;
  Fault?: { type: string; Error: Array<{ Message: string; Detail?: string; code: string; element?: string }> };
};
