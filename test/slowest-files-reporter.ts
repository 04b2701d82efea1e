import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/**
 * Prints the ten slowest test files at the end of a run (wall time of each file: import, hooks and
 * tests), so a file that starts to dominate `npm test` is seen in every run's output; and when each
 * project ran, since the browser group waits for the unit and integration group to finish and the
 * run's length is the sum of the two, not of the slowest files.
 */
export default class SlowestFilesReporter implements Reporter {
  private readonly root = process.cwd();
  private readonly runStarted = performance.now();
  private readonly projectSpans = new Map<string, { first: number; last: number }>();

  onTestModuleStart(testModule: TestModule) {
    const now = performance.now() - this.runStarted;
    const span = this.projectSpans.get(testModule.project.name);
    if (span) span.first = Math.min(span.first, now);
    else this.projectSpans.set(testModule.project.name, { first: now, last: now });
  }

  onTestModuleEnd(testModule: TestModule) {
    const span = this.projectSpans.get(testModule.project.name);
    if (span) span.last = Math.max(span.last, performance.now() - this.runStarted);
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    this.printSlowestFiles(testModules);
    if (this.projectSpans.size === 0) return;
    const spans = [...this.projectSpans]
      .sort(([, a], [, b]) => a.first - b.first)
      .map(
        ([name, span]) => `  ${name.padEnd(12)} ${(span.first / 1000).toFixed(0)}–${(span.last / 1000).toFixed(0)} s`,
      );
    process.stdout.write(`\nWhen each project ran (seconds from the start):\n${spans.join('\n')}\n`);
  }

  private printSlowestFiles(testModules: ReadonlyArray<TestModule>) {
    const files = testModules
      .map((module) => {
        const diagnostic = module.diagnostic();
        return {
          name: `${module.project.name} ${path.relative(this.root, module.moduleId)}`,
          seconds: (diagnostic.collectDuration + diagnostic.setupDuration + diagnostic.duration) / 1000,
          tests: [...module.children.allTests()].length,
        };
      })
      .sort((a, b) => b.seconds - a.seconds)
      .slice(0, 10);
    if (files.length === 0) return;
    const lines = files.map((file) => `${file.seconds.toFixed(1).padStart(7)} s  ${file.name} (${file.tests} tests)`);
    process.stdout.write(`\nSlowest test files (${files.length} of ${testModules.length}):\n${lines.join('\n')}\n`);
  }
}
