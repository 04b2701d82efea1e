// Which Chromium the browser tests drive, decided once for the test command (scripts/test.mjs), the
// test configuration (vitest.config.ts: how many browser workers) and the tests (test/browser.ts).
//
// CHROMIUM_PATH when set; else Debian's headless shell (`apt-get install chromium-headless-shell`,
// the same Chromium build without the desktop browser around it, which is what Playwright itself
// runs headless tests in) when installed; else the full Chromium. The shell needs about half the
// processor time per test (issue 27: on a 2-core machine Chromium was the suite's largest
// consumer), and the tests need nothing the desktop browser adds.
import { existsSync } from 'node:fs';

/** Debian's full Chromium (`apt-get install chromium`). */
export const FULL_CHROMIUM_PATH = '/usr/bin/chromium';
/** Debian's headless shell (`apt-get install chromium-headless-shell`). */
export const HEADLESS_SHELL_PATH = '/usr/bin/chromium-headless-shell';

export const TEST_CHROMIUM_PATH =
  process.env.CHROMIUM_PATH || (existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : FULL_CHROMIUM_PATH);

/** Whether the browser tests drive the headless shell (named by CHROMIUM_PATH or found installed). */
export const TEST_CHROMIUM_IS_HEADLESS_SHELL = TEST_CHROMIUM_PATH.includes('headless-shell');
