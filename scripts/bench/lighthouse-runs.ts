// Lighthouse on the web app's pages, several times each (the machine is shared, so one run's score
// is noise): every run's scores and raw figures, then each page's medians and what cost it points.
// Beside Lighthouse's TBT, an estimate from the trace's CPU time that load hardly moves
// (cpu-blocking-time.ts): compare builds on that one when the machine is busy.
//   BENCH_LIGHTHOUSE_RUNS=3          runs per page and preset (default 1)
//   BENCH_LIGHTHOUSE_PAGES=/,/billing-jobs   only these pages
//   BENCH_LIGHTHOUSE_JSON=dir        also writes each run's full report and trace as JSON there
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { cpuBlockingTime } from './cpu-blocking-time';

const LIGHTHOUSE_VERSION = '12.2.3';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const SCORE_GOAL = 95;

interface LighthouseResult {
  lighthouseVersion: string;
  runtimeError?: { code: string; message: string };
  categories: Record<string, { score: number | null; auditRefs: Array<{ id: string; weight: number }> }>;
  audits: Record<
    string,
    {
      title: string;
      score: number | null;
      scoreDisplayMode: string;
      numericValue?: number;
      displayValue?: string;
      details?: { overallSavingsBytes?: number; items?: Array<Record<string, unknown>> };
    }
  >;
}

/** One run's figures: the category scores and the raw metrics behind performance. */
interface RunFigures {
  scores: number[];
  fcp: number;
  lcp: number;
  tbt: number;
  /** TBT estimated from the trace's CPU time (cpu-blocking-time.ts): what load hardly moves; NaN without a trace. */
  cpuTbt: number;
  cls: number;
  unusedJsKiB: number;
  domElements: number;
}

export interface LighthouseOptions {
  base: string;
  cookie: string;
  pages: string[];
  preset: string;
  chromiumPath: string;
  chromiumFlags: string[];
}

/** The audits that cost a category points (or, for opportunities, could), with what they found. */
function shortfalls(lhr: LighthouseResult): string[] {
  const lines: string[] = [];
  for (const [category, { auditRefs }] of Object.entries(lhr.categories)) {
    for (const { id } of auditRefs) {
      const audit = lhr.audits[id];
      if (
        !audit ||
        audit.score === null ||
        audit.score >= 0.9 ||
        !['binary', 'numeric', 'metricSavings'].includes(audit.scoreDisplayMode)
      )
        continue;
      const items = (audit.details?.items ?? [])
        .slice(0, 3)
        .map((item) => String(item.description ?? item.url ?? item.source ?? JSON.stringify(item)).slice(0, 140));
      lines.push(
        `    ${category}: ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}${items.length ? `: ${items.join(' | ')}` : ''}`,
      );
    }
  }
  return lines;
}

function figures(lhr: LighthouseResult, cpuTbt: number | null): RunFigures {
  const value = (audit: string) => lhr.audits[audit]?.numericValue ?? 0;
  return {
    scores: CATEGORIES.map((category) => Math.round((lhr.categories[category]?.score ?? 0) * 100)),
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cpuTbt: cpuTbt ?? Number.NaN,
    cls: value('cumulative-layout-shift'),
    unusedJsKiB: (lhr.audits['unused-javascript']?.details?.overallSavingsBytes ?? 0) / 1024,
    domElements: value('dom-size'),
  };
}

function median(values: number[]): number {
  if (!values.length) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function row(label: string, run: RunFigures): string {
  const scores = run.scores.map((value) => String(Math.round(value)).padStart(15)).join('');
  return (
    `${label.padEnd(24)}${scores}   FCP ${Math.round(run.fcp)} ms, LCP ${Math.round(run.lcp)} ms, TBT ${Math.round(run.tbt)} ms (CPU-time estimate ${Number.isNaN(run.cpuTbt) ? '?' : Math.round(run.cpuTbt)} ms), CLS ${run.cls.toFixed(3)},` +
    ` unused JS ${run.unusedJsKiB.toFixed(1)} KiB, DOM ${Math.round(run.domElements)}`
  );
}

async function runOnce(
  options: LighthouseOptions,
  pagePath: string,
): Promise<{ lhr: LighthouseResult; trace: unknown }> {
  const chrome = await chromeLauncher.launch({ chromePath: options.chromiumPath, chromeFlags: options.chromiumFlags });
  try {
    const signedIn = pagePath !== '/login';
    const config = options.preset === 'desktop' ? desktopConfig : undefined; // no config: Lighthouse's mobile default
    const result = await lighthouse(
      `${options.base}${pagePath}`,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: CATEGORIES,
        ...(signedIn ? { extraHeaders: { Cookie: options.cookie } } : {}),
      },
      config,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${pagePath}`);
    const lhr = result.lhr as unknown as LighthouseResult;
    if (lhr.lighthouseVersion !== LIGHTHOUSE_VERSION)
      throw new Error(`Lighthouse ${lhr.lighthouseVersion} is installed; this bench expects ${LIGHTHOUSE_VERSION}`);
    return { lhr, trace: (result.artifacts as { Trace?: unknown }).Trace };
  } finally {
    // Waits for Chromium to exit: a browser left running keeps this process (and `npm run bench`) alive.
    const exited =
      chrome.process.exitCode === null
        ? new Promise((resolve) => chrome.process.once('exit', resolve))
        : Promise.resolve();
    chrome.kill();
    await exited;
  }
}

/** Runs Lighthouse `runs` times over every page (pages interleaved, so load spikes spread) and prints the table. */
export async function printLighthouse(options: LighthouseOptions): Promise<void> {
  const runs = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 1));
  const jsonDir = process.env.BENCH_LIGHTHOUSE_JSON;
  if (jsonDir) mkdirSync(jsonDir, { recursive: true });
  const byPage = new Map<string, { runs: RunFigures[]; last: LighthouseResult | null }>(
    options.pages.map((page) => [page, { runs: [], last: null }]),
  );
  const lines: string[] = [];
  for (let run = 1; run <= runs; run++) {
    for (const pagePath of options.pages) {
      const { lhr, trace } = await runOnce(options, pagePath);
      const page = byPage.get(pagePath)!;
      const runFigures = figures(lhr, cpuBlockingTime(trace, options.base));
      // A run Lighthouse could not score (seen once in nine: FCP 0, performance null) reads as 0 and
      // would drag every median: shown, but left out of them.
      const failed = lhr.categories.performance?.score === null;
      if (!failed) page.runs.push(runFigures);
      page.last = lhr;
      if (runs > 1 || failed)
        lines.push(
          `${row(`${pagePath} #${run}`, runFigures)}${failed ? `  (no performance score: ${lhr.runtimeError?.code ?? 'see the report'}; left out of the medians)` : ''}`,
        );
      if (jsonDir) {
        const name = path.join(jsonDir, `${options.preset}${pagePath.replaceAll('/', '_') || '_'}-${run}`);
        writeFileSync(`${name}.json`, JSON.stringify(lhr));
        // The page's trace (DevTools' Performance panel opens it): which task blocked, and on what.
        if (trace) writeFileSync(`${name}.trace.json`, JSON.stringify(trace));
      }
    }
  }
  const how = options.preset === 'desktop' ? 'desktop preset' : 'mobile preset: simulated slow 4G, 4× CPU slowdown';
  console.log(
    `\nLighthouse ${LIGHTHOUSE_VERSION}, ${how} (goal ≥ ${SCORE_GOAL} each)${runs > 1 ? `, ${runs} runs per page, then medians` : ''}:`,
  );
  console.log(`${'page'.padEnd(24)}${CATEGORIES.map((category) => category.padStart(15)).join('')}`);
  for (const line of lines) console.log(line);
  for (const [pagePath, page] of byPage) {
    if (!page.runs.length) {
      console.log(`${pagePath}: no run was scored  MISSED`);
      continue;
    }
    const medians: RunFigures = {
      scores: CATEGORIES.map((_, index) => median(page.runs.map((run) => run.scores[index]!))),
      fcp: median(page.runs.map((run) => run.fcp)),
      lcp: median(page.runs.map((run) => run.lcp)),
      tbt: median(page.runs.map((run) => run.tbt)),
      cpuTbt: median(page.runs.map((run) => run.cpuTbt).filter((value) => !Number.isNaN(value))),
      cls: median(page.runs.map((run) => run.cls)),
      unusedJsKiB: median(page.runs.map((run) => run.unusedJsKiB)),
      domElements: median(page.runs.map((run) => run.domElements)),
    };
    console.log(
      `${row(runs > 1 ? `${pagePath} median` : pagePath, medians)}  ${medians.scores.every((value) => value >= SCORE_GOAL) ? 'ok' : 'MISSED'}`,
    );
    for (const line of shortfalls(page.last!)) console.log(line);
  }
  // Lighthouse's simulated throttling multiplies the durations it observed: on a machine other
  // work keeps busy, tasks stretch while the renderer waits for a core and TBT grows with them.
  const load = loadavg()[0]!;
  console.log(
    `    (load average ${load.toFixed(1)} on ${cpus().length} cores after these runs${load > cpus().length ? ': busy, TBT and performance read worse than on an idle machine' : ''})`,
  );
}
