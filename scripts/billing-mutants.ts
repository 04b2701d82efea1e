// `npm run test:mutants [-- a c]`: shows that the billing oracle (exactly-once.property.integration
// .test.ts) catches the bugs it exists for. Each mutant is one small change to the product's code,
// applied in place and always undone (also on Ctrl+C). For each: the oracle first runs on the
// unchanged product with the mutant's operations and seed (the baseline must hold, or the run
// cannot tell the mutant apart from a bug the product already has), then on the mutant, shrinking
// the failure it finds. Prints caught / missed with the shrunk counterexample; exits 1 when a mutant
// is missed, 2 when a mutant's target is not in the code any more (it moved: update this file).
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

type Mutant = {
  id: string;
  name: string;
  file: string;
  /** Must match exactly once in `file`. */
  pattern: RegExp;
  replacement: string;
  /**
   * The oracle's operations (BILLING_PROPERTY_OPERATIONS); absent: the default mix that `npm test`
   * draws from. A mutant whose path the mix reaches only in some runs (races change what is billed
   * when) is aimed at operations that reach it every time.
   */
  operations?: string;
  runs: number;
  steps: number;
  /** fast-check seed: the baseline and the mutant run the same sequences. */
  seed: string;
};

/** Sequences per oracle run: a handful, as in CI (BILLING_MUTANT_RUNS to change). */
const RUNS = Number(process.env.BILLING_MUTANT_RUNS ?? 6);
/** Steps per sequence at most (BILLING_MUTANT_STEPS to change). */
const STEPS = Number(process.env.BILLING_MUTANT_STEPS ?? 24);

const MUTANTS: Mutant[] = [
  {
    id: 'a',
    name: 'the overage priced at the base rate',
    file: 'packages/api/src/domain/rating.ts',
    pattern: /(invoiceLine\(\s*'Overage',[^;]*?,\s*)overageRate(\s*,)/,
    replacement: '$1rate$2',
    runs: RUNS,
    steps: STEPS,
    seed: '20261220',
  },
  {
    id: 'b',
    name: 'the minimum billed twice in a split period',
    file: 'packages/api/src/domain/period-charge.ts',
    pattern: /if \(!input\.billedBefore\) \{/,
    replacement: 'if (!input.billedBefore || input.newDays !== null) {',
    // Aimed: a split period needs a manual run that ends inside a period of a customer with a
    // minimum (not on a plan), then a run over the rest. The default mix reaches that in some runs
    // of this seed and not in others (its races change what is billed when), so b's verdict
    // wavered; manual runs, time and calls alone reach it every time (issue 20).
    operations: 'manual,advance,calls',
    runs: RUNS,
    steps: STEPS,
    seed: '20261220',
  },
  {
    id: 'c',
    name: 'the late-usage window ignored (late calls of billed periods never looked for)',
    file: 'packages/api/src/billing/run-job.ts',
    pattern: /lateUsageWindowDays: settings\.lateUsageWindowDays,/,
    replacement: 'lateUsageWindowDays: 0,',
    runs: RUNS,
    steps: STEPS,
    seed: '20261220',
  },
  {
    id: 'd',
    name: 'a release that forgets to free its claims',
    file: 'packages/api/src/billing/release-invoice.ts',
    pattern: /await tx\.callClaim\.updateMany\(\{ where: \{ ledgerId: entry\.id \}, data: \{ live: false \} \}\);/,
    replacement: '/* mutant: the released invoice keeps its calls */',
    runs: RUNS,
    steps: STEPS,
    seed: '20261220',
  },
  {
    id: 'e',
    name: "a rate plan's included units ignored (every unit billed)",
    file: 'packages/api/src/domain/rate-plan.ts',
    pattern: /const included = parseDecimal\(BigInt\(charge\.includedUnits\)\);/,
    replacement: 'const included = parseDecimal(0n);',
    runs: RUNS,
    steps: STEPS,
    seed: '20261220',
  },
  {
    id: 'f',
    name: "a rate plan's tier boundary off by one (each tier ends a unit early)",
    file: 'packages/api/src/domain/rate-plan.ts',
    pattern: /: parseDecimal\(BigInt\(tier\.upTo\)\);/,
    replacement: ': parseDecimal(BigInt(tier.upTo - 1));',
    runs: RUNS,
    steps: STEPS,
    seed: '20261220',
  },
];

const ROOT = join(import.meta.dirname, '..');
const ORACLE = 'packages/api/src/billing/exactly-once.property.integration.test.ts';
const SEED = process.env.BILLING_MUTANT_SEED;
const SHRINK_SECONDS = process.env.BILLING_PROPERTY_SHRINK_SECONDS ?? '60';

const pending = new Map<string, string>();
function restoreAll(): void {
  for (const [path, text] of pending) writeFileSync(path, text);
  pending.clear();
}
process.on('exit', restoreAll);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    restoreAll();
    process.exit(130);
  });
}

const COLOUR_CODES = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
const stripColours = (text: string) => text.replace(COLOUR_CODES, '');

type OracleRun = { passed: boolean; output: string };

/** Baselines already run, by what they ran (mutants sharing operations, runs, steps and seed share one). */
const baselines = new Map<string, OracleRun>();
function baselineOf(mutant: Mutant): OracleRun {
  const key = JSON.stringify([mutant.operations, mutant.runs, mutant.steps, SEED ?? mutant.seed]);
  const known = baselines.get(key);
  if (known) return known;
  const run = runOracle(mutant, false);
  baselines.set(key, run);
  return run;
}

function runOracle(mutant: Mutant, shrink: boolean): OracleRun {
  const result = spawnSync('npx', ['vitest', 'run', '--project', 'integration', ORACLE], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    env: {
      ...process.env,
      BILLING_PROPERTY_RUNS: String(mutant.runs),
      BILLING_PROPERTY_SEED: SEED ?? mutant.seed,
      ...(mutant.operations ? { BILLING_PROPERTY_OPERATIONS: mutant.operations } : {}),
      BILLING_PROPERTY_WHOLE_PERIODS: '1',
      BILLING_PROPERTY_STEPS: String(mutant.steps),
      BILLING_PROPERTY_SHRINK: shrink ? '1' : '0',
      BILLING_PROPERTY_SHRINK_SECONDS: SHRINK_SECONDS,
    },
  });
  return { passed: result.status === 0, output: stripColours(`${result.stdout}\n${result.stderr}`) };
}

/** What the oracle said: how far it shrank, and the first failure with what happened before it. */
function counterexample(output: string): string {
  const shrunk = /Shrunk (\d+) time\(s\)/.exec(output)?.[0] ?? 'not shrunk';
  const start = output.indexOf('Caused by: Error');
  const failure =
    start < 0
      ? output.slice(-3000)
      : output.slice(start, output.indexOf('\n ❯', start) > 0 ? output.indexOf('\n ❯', start) : start + 4000);
  return `${shrunk}\n${failure.trim()}`;
}

function apply(mutant: Mutant): boolean {
  const path = join(ROOT, mutant.file);
  const original = readFileSync(path, 'utf8');
  const matches = original.match(new RegExp(mutant.pattern.source, `${mutant.pattern.flags.replace('g', '')}g`)) ?? [];
  if (matches.length !== 1) {
    console.error(
      `mutant ${mutant.id} (${mutant.name}): mutant target not found in ${mutant.file} (${matches.length} matches of ${mutant.pattern}); the code moved: update scripts/billing-mutants.ts`,
    );
    return false;
  }
  pending.set(path, original);
  writeFileSync(path, original.replace(mutant.pattern, mutant.replacement));
  return true;
}

const wanted = process.argv.slice(2);
const selected = wanted.length ? MUTANTS.filter((mutant) => wanted.includes(mutant.id)) : MUTANTS;
const report: string[] = [];
const record = (verdict: string) => {
  report.push(verdict);
  console.log(`\n${verdict}`);
};
let missed = 0;
let moved = 0;
for (const mutant of selected) {
  console.log(
    `\nmutant ${mutant.id}: ${mutant.name} (${mutant.file}; operations ${mutant.operations ?? 'the default mix'}; ${mutant.runs} sequences, seed ${SEED ?? mutant.seed})`,
  );
  const baseline = baselineOf(mutant);
  if (!baseline.passed && !/Property failed|Counterexample/.test(baseline.output)) {
    missed += 1;
    record(`${mutant.id} NO VERDICT  ${mutant.name}: the baseline did not finish\n${baseline.output.slice(-2000)}`);
    continue;
  }
  if (!baseline.passed) {
    missed += 1;
    record(
      `${mutant.id} UNDECIDED  ${mutant.name}: the unchanged product already fails these sequences\n${counterexample(baseline.output)}`,
    );
    continue;
  }
  if (!apply(mutant)) {
    moved += 1;
    record(`${mutant.id} TARGET NOT FOUND  ${mutant.name}`);
    continue;
  }
  let run: OracleRun;
  try {
    run = runOracle(mutant, true);
  } finally {
    restoreAll();
  }
  if (run.passed) {
    missed += 1;
    record(`${mutant.id} MISSED  ${mutant.name}`);
  } else if (!/Property failed|Counterexample/.test(run.output)) {
    missed += 1;
    record(`${mutant.id} NO VERDICT  ${mutant.name}: the oracle did not finish\n${run.output.slice(-2000)}`);
  } else {
    record(`${mutant.id} CAUGHT  ${mutant.name}\n${counterexample(run.output)}`);
  }
}
console.log(
  `\n${'='.repeat(100)}\nbilling oracle against ${selected.length} mutant(s):\n\n${report.join(`\n\n${'-'.repeat(100)}\n`)}`,
);
process.exit(moved > 0 ? 2 : missed > 0 ? 1 : 0);
