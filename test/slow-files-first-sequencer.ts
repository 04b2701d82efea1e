import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Seconds each slow file took in CI (the slowest-files report at the end of `npm test`, 2026-11-27),
 * for a fresh clone, which has no vitest cache: without it vitest starts the largest files first, and
 * a short file with a long run (accessibility: 190 lines, 73 s) could start last and keep the whole
 * group waiting for it while the other workers sit idle. Update it when the report changes a lot.
 */
const SECONDS_IN_CI: Record<string, number> = {
  'browser:e2e/accessibility.e2e.test.ts': 73,
  'browser:e2e/billing-coverage.e2e.test.ts': 72,
  'browser:e2e/billing.e2e.test.ts': 43,
  'browser:e2e/safe-entry.e2e.test.ts': 36,
  'browser:e2e/month-end.e2e.test.ts': 35,
  'browser:e2e/profile-dialog-back.e2e.test.ts': 35,
  'browser:e2e/job-details-fit.e2e.test.ts': 32,
  'browser:e2e/load-errors.e2e.test.ts': 30,
  'browser:e2e/settings.e2e.test.ts': 18,
  'browser:e2e/phone-and-focus.e2e.test.ts': 14,
  'browser:e2e/release-missing.e2e.test.ts': 12,
  'browser:e2e/auth-and-shell.e2e.test.ts': 12,
  'browser:e2e/money-rules.e2e.test.ts': 10,
  'browser:e2e/rate-plans.e2e.test.ts': 7,
  'browser:e2e/rate-plan-month.e2e.test.ts': 30,
  'browser:e2e/tax-codes.e2e.test.ts': 5,
  'integration:apps/server/src/plugins/rest-fuzz.integration.test.ts': 47,
  'integration:packages/api/src/billing/money-drift.integration.test.ts': 47,
  'integration:packages/api/src/billing/billing.integration.test.ts': 38,
  'integration:packages/api/src/billing/billing-throttling.integration.test.ts': 15,
  'processes:apps/server/src/scale-out.processes.test.ts': 141,
  'processes:packages/api/src/billing/billing-crash.processes.test.ts': 85,
};

/** A file in neither list: about a middling browser file, so the few long files go before it, the short ones after. */
const UNKNOWN_SECONDS = 20;

/**
 * Longest files first in each group (the usual way to finish a batch of jobs of unequal length on a
 * few workers soonest): by this machine's vitest cache when it has the file, else by the CI figures
 * above; files known to neither count as UNKNOWN_SECONDS and keep vitest's order among themselves
 * (largest first).
 */
export default class SlowFilesFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const expected = (spec: TestSpecification) => {
      const key = `${spec.project.name}:${path.relative(this.ctx.config.root, spec.moduleId).split(path.sep).join('/')}`;
      const cached = this.ctx.cache.getFileTestResults(key);
      if (cached && !cached.failed) return cached.duration / 1000;
      return SECONDS_IN_CI[key] ?? UNKNOWN_SECONDS;
    };
    const position = new Map(sorted.map((spec, index) => [spec, index]));
    return [...sorted].sort((a, b) => {
      // Groups and projects stay where vitest put them; only the order inside a project changes.
      const groupOrder = a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder;
      if (groupOrder !== 0) return groupOrder;
      if (a.project.name !== b.project.name) return position.get(a)! - position.get(b)!;
      return expected(b) - expected(a) || position.get(a)! - position.get(b)!;
    });
  }
}
