import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/**
 * Prints the ten slowest test files at the end of a run (wall time of each file: import, hooks and
 * tests), so a file that starts to dominate `npm test` is seen in every run's output.
 */
export default class SlowestFilesReporter implements Reporter {
  private readonly root = process.cwd();

  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
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
