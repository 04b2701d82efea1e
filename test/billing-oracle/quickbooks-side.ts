// QuickBooks as the billing oracle sees it: the simulator behind a front door that counts every
// request that would create money (and can step in right before one reaches QuickBooks), and a
// memory of every invoice and credit memo QuickBooks ever held, voided and deleted ones included.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { QboSimulator } from '@phone-billing/integrations/qbo/simulator';

/** A document QuickBooks created for us: an invoice, or a credit memo (amounts as QuickBooks holds them). */
export type SeenDocument = {
  kind: 'invoice' | 'credit';
  id: string;
  docNumber: string;
  customerId: string;
  /** The job the app named in the private note ("Billing job BJ-…"), null when it named none. */
  jobCode: string | null;
  lines: Array<{ description: string; amount: number }>;
  /**
   * The customer memo, which names every period the document touches (DESIGN.md §4 "Lines": the memo
   * names the periods), also one it bills nothing for and so gives no line.
   */
  memo: string;
  total: number;
  state: 'active' | 'voided' | 'deleted';
  /** Simulated time at which the oracle first saw it. */
  firstSeenMs: number;
};

type Hook = (creates: number) => Promise<void>;

const CREATE_PATH = /\/v3\/company\/[^/]+\/(invoice|creditmemo|batch)(\?|$)/;

/** Bodies of a QuickBooks refusal (ValidationFault 6000), as its API answers one. */
function refusalBody(): string {
  return JSON.stringify({
    Fault: {
      Error: [
        {
          Message: 'A business validation error has occurred while processing your request',
          Detail: 'Business Validation Error: the oracle refused this invoice',
          code: '6000',
          element: '',
        },
      ],
      type: 'ValidationFault',
    },
    time: new Date().toISOString(),
  });
}

/**
 * The simulator's front door: every request passes through to it; creates of invoices and credit
 * memos are counted, can be refused outright, and can wait for a hook (the kill switch turned on, a
 * Cancel, a release or a queue move happening while the request is on its way).
 */
export class QuickBooksFront {
  creates = 0;
  refuseNext = 0;
  /** Set once billing must not send (the kill switch is on, the job cancelled); creates that still come are counted. */
  stopped = false;
  createsWhileStopped = 0;
  /** QuickBooks is down (every request answered 503) once the next create has gone through, until set back to 'off'. */
  outage: 'off' | 'after-next-create' | 'on' = 'off';
  private hook: Hook | null = null;
  private server = createServer((req, res) => void this.handle(req, res));
  url = '';

  constructor(private readonly simulator: QboSimulator) {}

  async listen(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** Runs `hook` once, before the next create reaches QuickBooks (that create then goes on); null disarms. */
  beforeNextCreate(hook: Hook | null): void {
    this.hook = hook;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = req.url ?? '';
    if (this.outage === 'on' && url.includes('/v3/company/')) {
      req.resume();
      res.writeHead(503, { 'Content-Type': 'text/html' });
      res.end('<html><body>Service Unavailable</body></html>');
      return;
    }
    const operation = new URL(url, 'http://front').searchParams.get('operation');
    const isCreate = req.method === 'POST' && CREATE_PATH.test(url) && (operation === null || operation === 'create');
    if (isCreate) {
      this.creates += 1;
      if (this.stopped) this.createsWhileStopped += 1;
      const hook = this.hook;
      this.hook = null;
      if (hook) await hook(this.creates);
      if (this.refuseNext > 0) {
        this.refuseNext -= 1;
        req.resume();
        res.writeHead(400, { 'Content-Type': 'application/json;charset=UTF-8', intuit_tid: 'oracle-refusal' });
        res.end(refusalBody());
        return;
      }
    }
    if (isCreate && this.outage === 'after-next-create') this.outage = 'on';
    this.simulator.handle(req, res);
  }
}

type SimulatorCreditMemo = {
  Id: string;
  DocNumber?: string;
  CustomerRef: { value: string };
  PrivateNote?: string;
  CustomerMemo?: { value: string };
  TotalAmt: number;
  Line: Array<{ DetailType: string; Description?: string; Amount: number }>;
};

/** Credit memos, once the simulator keeps them (money-ledger adds `creditmemo`); none before. */
function creditMemosOf(simulator: QboSimulator): SimulatorCreditMemo[] {
  const reader = (simulator as unknown as { creditMemos?: () => SimulatorCreditMemo[] }).creditMemos;
  return typeof reader === 'function' ? reader.call(simulator) : [];
}

const JOB_CODE = /Billing job (BJ-[0-9A-Z]+)/;

/** Everything QuickBooks ever held for us, refreshed after every step. */
export class QuickBooksMemory {
  readonly documents = new Map<string, SeenDocument>();

  constructor(private readonly simulator: QboSimulator) {}

  refresh(nowMs: number): void {
    const present = new Set<string>();
    for (const invoice of this.simulator.invoices()) {
      const key = `invoice:${invoice.Id}`;
      present.add(key);
      const voided = (invoice.PrivateNote ?? '').startsWith('Voided');
      const previous = this.documents.get(key);
      this.documents.set(key, {
        kind: 'invoice',
        id: invoice.Id,
        docNumber: invoice.DocNumber ?? '',
        customerId: invoice.CustomerRef.value,
        jobCode: JOB_CODE.exec(invoice.PrivateNote ?? '')?.[1] ?? null,
        // A voided invoice's lines read 0: keep what it billed when it was live.
        lines:
          voided && previous
            ? previous.lines
            : invoice.Line.filter((line) => line.DetailType === 'SalesItemLineDetail').map((line) => ({
                description: line.Description ?? '',
                amount: line.Amount,
              })),
        memo: voided && previous ? previous.memo : (invoice.CustomerMemo?.value ?? ''),
        total: voided && previous ? previous.total : invoice.TotalAmt,
        state: voided ? 'voided' : 'active',
        firstSeenMs: previous?.firstSeenMs ?? nowMs,
      });
    }
    for (const memo of creditMemosOf(this.simulator)) {
      const key = `credit:${memo.Id}`;
      present.add(key);
      const previous = this.documents.get(key);
      this.documents.set(key, {
        kind: 'credit',
        id: memo.Id,
        docNumber: memo.DocNumber ?? '',
        customerId: memo.CustomerRef.value,
        jobCode: JOB_CODE.exec(memo.PrivateNote ?? '')?.[1] ?? null,
        lines: memo.Line.filter((line) => line.DetailType === 'SalesItemLineDetail').map((line) => ({
          description: line.Description ?? '',
          amount: line.Amount,
        })),
        memo: memo.CustomerMemo?.value ?? '',
        total: memo.TotalAmt,
        state: (memo.PrivateNote ?? '').startsWith('Voided') ? 'voided' : 'active',
        firstSeenMs: previous?.firstSeenMs ?? nowMs,
      });
    }
    for (const [key, document] of this.documents) if (!present.has(key)) document.state = 'deleted';
  }

  invoices(): SeenDocument[] {
    return [...this.documents.values()]
      .filter((document) => document.kind === 'invoice')
      .sort((a, b) => Number(a.id) - Number(b.id));
  }

  credits(): SeenDocument[] {
    return [...this.documents.values()].filter((document) => document.kind === 'credit');
  }
}
