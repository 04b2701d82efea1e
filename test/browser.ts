import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { FULL_CHROMIUM_PATH, TEST_CHROMIUM_PATH } from '../scripts/test-chromium.mjs';

/** Debian's full Chromium (or CHROMIUM_PATH): what the web bench's Lighthouse measures with. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || FULL_CHROMIUM_PATH;
/** Browser suites use `describe.skipIf(!chromiumAvailable)`: reported as skipped, never as passed. */
export const chromiumAvailable = existsSync(TEST_CHROMIUM_PATH);

function startChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: TEST_CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
      '--disable-dev-shm-usage',
    ],
  });
}

// One Chromium per test worker: the browser project runs file after file in one worker
// (`isolate: false`), so each file borrows the running browser instead of starting its own.
let running: Promise<Browser> | null = null;

/**
 * A browser for one test file: the worker's Chromium, with `close()` closing only what this file
 * opened (its contexts and pages, so nothing of one file's session leaks into the next) and leaving
 * Chromium running for the next file. Playwright closes Chromium when the worker exits.
 */
export async function launchBrowser(): Promise<Browser> {
  let browser = running ? await running.catch(() => null) : null;
  if (!browser?.isConnected()) {
    running = startChromium();
    browser = await running;
  }
  const shared = browser;
  const opened = new Set<BrowserContext>();
  const track = async (context: BrowserContext) => {
    opened.add(context);
    context.once('close', () => opened.delete(context));
    await context.addInitScript(recordToasts);
    return context;
  };
  const borrowed: Partial<Browser> = {
    newContext: async (...args: Parameters<Browser['newContext']>) => await track(await shared.newContext(...args)),
    // Like Browser.newPage: a page in a context of its own, closed with the page.
    newPage: async (...args: Parameters<Browser['newPage']>) => {
      const context = await track(await shared.newContext(...args));
      const page = await context.newPage();
      page.once('close', () => void context.close().catch(() => undefined));
      return page;
    },
    close: async () => {
      await Promise.all([...opened].map((context) => context.close().catch(() => undefined)));
    },
  };
  return new Proxy(shared, {
    get(target, property) {
      if (property in borrowed) return borrowed[property as keyof Browser];
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * Signs in by the request the login page sends (POST /api/v1/auth/sign-in), leaving the session
 * cookie in the page's context, without loading the login page and the dashboard it leads to: for
 * tests whose subject is another screen and that go there next (issue 27: the two page loads cost
 * about a processor-second each time). The login page itself is tested with `signInThroughUi`.
 */
export async function signIn(page: Page, baseUrl: string, email: string, password: string) {
  const response = await page.request.post(`${baseUrl}/api/v1/auth/sign-in`, {
    data: { email, password },
    headers: { origin: baseUrl },
  });
  if (!response.ok()) throw new Error(`sign-in as ${email} failed: ${response.status()} ${await response.text()}`);
}

declare global {
  interface Window {
    /** Texts of the toasts shown since the page loaded and not yet awaited by `waitForToast`. */
    __toastsShown?: string[];
  }
}

/**
 * Runs in every page of a borrowed browser, before the app: notes each toast (react-hot-toast's
 * role="status") as it is added. A success toast stays two seconds, and a renderer starved by a
 * loaded machine can answer Playwright's polls too late to see it on screen.
 */
function recordToasts() {
  const shown: string[] = (window.__toastsShown = []);
  const lastText = new WeakMap<Element, string>();
  const note = (toast: Element) => {
    const text = toast.textContent?.trim();
    if (!text || lastText.get(toast) === text) return;
    lastText.set(toast, text);
    shown.push(text);
  };
  new MutationObserver((changes) => {
    for (const change of changes) {
      const around = change.target instanceof Element ? change.target : change.target.parentElement;
      const holder = around?.closest('[role="status"]');
      if (holder) note(holder);
      for (const node of change.addedNodes)
        if (node instanceof Element)
          [node, ...node.querySelectorAll('[role="status"]')].forEach((element) => {
            if (element.matches('[role="status"]')) note(element);
          });
    }
  }).observe(document, { childList: true, subtree: true, characterData: true });
}

/**
 * Waits for a toast whose whole text is `text` (or matches it), on screen now or shown since the
 * last wait, and returns its text, marked awaited so a later wait needs a toast of its own. Times
 * out naming the toasts that were shown, so a failure says what the person saw instead.
 */
export async function waitForToast(page: Page, text: string | RegExp, timeoutMs = 30_000): Promise<string> {
  const wanted = typeof text === 'string' ? { exact: text } : { source: text.source, flags: text.flags };
  try {
    const found = await page.waitForFunction(
      (wanted) => {
        const matches = (shown: string) =>
          'exact' in wanted ? shown === wanted.exact : new RegExp(wanted.source, wanted.flags).test(shown);
        const shown = window.__toastsShown ?? [];
        const at = shown.findIndex(matches);
        return at >= 0 ? shown.splice(at, 1)[0]! : false;
      },
      wanted,
      { timeout: timeoutMs, polling: 100 },
    );
    return (await found.jsonValue()) as string;
  } catch (error) {
    const shown = await page.evaluate(() => window.__toastsShown ?? []).catch(() => []);
    throw new Error(`no toast "${String(text)}" within ${timeoutMs} ms; toasts shown: ${JSON.stringify(shown)}`, {
      cause: error,
    });
  }
}

/** Billing Jobs → Run New Job (Run First Job while there are none yet): the Run Billing Job dialog. */
export async function openRunBillingDialog(page: Page, baseUrl: string) {
  await page.goto(`${baseUrl}/billing-jobs`);
  await page
    .getByRole('button', { name: /^(Run New Job|Run First Job)$/ })
    .first()
    .click();
  return page.getByRole('dialog', { name: 'Run Billing Job' });
}

/** Signs in through the login page like a person would. */
export async function signInThroughUi(page: Page, baseUrl: string, email: string, password: string) {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${baseUrl}/`);
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core's findings on the page as it is now at `minimum` impact or worse, one line each
 * ('impact rule: where'). Every rule runs, best practices included (heading order, one main
 * landmark, content inside landmarks), so 'moderate' catches what a screen-reader user notices
 * when jumping by headings or landmarks. axe is injected as an inline script, so the page's context
 * must bypass the app's CSP (`browser.newContext({ bypassCSP: true })`).
 */
export async function accessibilityProblems(
  page: Page,
  minimum: 'moderate' | 'serious' = 'moderate',
): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axeSource });
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run(
            context: Document,
            options: object,
          ): Promise<{ violations: Array<{ id: string; impact: string | null; nodes: Array<{ target: string[] }> }> }>;
        };
      }
    ).axe;
    return (await axe.run(document, { resultTypes: ['violations'] })).violations;
  });
  const counted = minimum === 'moderate' ? ['moderate', 'serious', 'critical'] : ['serious', 'critical'];
  return violations
    .filter((violation) => counted.includes(violation.impact ?? ''))
    .map(
      (violation) =>
        `${violation.impact} ${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

/** axe-core's serious and critical findings on the page as it is now, one line each. */
export function seriousAccessibilityProblems(page: Page): Promise<string[]> {
  return accessibilityProblems(page, 'serious');
}
