import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { billedSecondsFor, billedSecondsSql, sameIncrements } from '../packages/api/src/domain/billed-seconds';
import { billableCallSql, billableInteractionSql } from '../packages/api/src/domain/billable-interactions';
import {
  CALL_USAGE_HOURLY_BILLED_COLUMNS,
  CALL_USAGE_HOURLY_SECONDS_SQL,
} from '../packages/api/src/dashboard/usage-rollup';
import {
  BILLING_INCREMENT_OPTIONS,
  ZBillingConfigFormSchema,
  ZUpdateSettingsRequestSchema,
} from '../packages/api/src/shared/settings';

// Issue 27, "one home per rule": how many seconds an interaction bills (domain/billed-seconds.ts)
// and which interactions are billable (domain/billable-interactions.ts) are written once. Any other
// SQL or code that rounds durations to increments or picks billable interactions by media type
// would bill one amount and show another the day the rule changes; this test finds them.

const root = path.resolve(new URL('..', import.meta.url).pathname);
const HOMES = ['packages/api/src/domain/billed-seconds.ts', 'packages/api/src/domain/billable-interactions.ts'];
/** Migrations before the rules had their home are history (they ran as written); newer ones are held to the rules. */
const FIRST_MIGRATION_HELD = '20261231_1_call_usage_rollup_rule';

type Finding = { file: string; line: number; text: string; rule: string };

// ceil(d / i) * i, (d + i - 1) / i * i, `/ ${increment} * ${increment}`, `/ 6 * 6`: rounding to a
// multiple of something. Instants rounded to whole days or seconds of milliseconds are not seconds.
const ROUNDED_TO_MULTIPLE = /\/\s*(\$\{[^}]*\}|[\w."]+)(?:::\w+)?\)*\s*\*\s*\1(?![\w])/g;
const roundsSeconds = (line: string) =>
  [...line.matchAll(ROUNDED_TO_MULTIPLE)].some((match) => !/ms\b|milli|^1000$/i.test(match[1]!));

const RULES: Array<{ rule: string; pattern: { test: (line: string) => boolean } }> = [
  {
    rule: 'rounds seconds to an increment (use billedSecondsFor / billedSecondsSql)',
    pattern: { test: roundsSeconds },
  },
  // SQL's CEIL (Math.ceil is JavaScript and has a dot before it).
  { rule: 'rounds with SQL CEIL (use billedSecondsSql)', pattern: /(?<![.\w])ceil\s*\(/i },
  {
    rule: 'filters interactions by a lower-cased media type (use billable-interactions.ts)',
    pattern: /lower\s*\(\s*(?:\w+\.)?"mediaType"\s*\)/i,
  },
  {
    rule: 'filters interactions by a media type written in SQL (use billable-interactions.ts)',
    pattern: /"mediaType"\s*(?:=|IN)\s*\(?\s*'/i,
  },
];

function findingsIn(file: string, text: string): Finding[] {
  const findings: Finding[] = [];
  text.split('\n').forEach((lineText, index) => {
    for (const { rule, pattern } of RULES)
      if (pattern.test(lineText)) findings.push({ file, line: index + 1, text: lineText.trim(), rule });
  });
  return findings;
}

function sourceFiles(directory: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(path.join(root, directory), { withFileTypes: true })) {
    const relative = path.join(directory, entry.name);
    if (entry.isDirectory()) {
      if (!['node_modules', 'dist', 'build', 'coverage', '.turbo'].includes(entry.name))
        files.push(...sourceFiles(relative));
    } else if (/\.(ts|tsx|sql)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
      files.push(relative);
    }
  }
  return files;
}

const migrationsDirectory = path.join(root, 'prisma/migrations');
const migrations = readdirSync(migrationsDirectory, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();
const migrationText = (name: string) => readFileSync(path.join(migrationsDirectory, name, 'migration.sql'), 'utf8');

/** The newest migration whose text matches, e.g. the one that last (re)defined a function. */
function newestMigrationWith(pattern: RegExp): string {
  const name = [...migrations].reverse().find((candidate) => pattern.test(migrationText(candidate)));
  if (!name) throw new Error(`No migration matches ${pattern}`);
  return name;
}

/** SQL the rules built (the rollup's expressions, an index's condition): a migration may write it, nothing else. */
const ruleBuiltSql = [
  ...BILLING_INCREMENT_OPTIONS.map((option) => billedSecondsSql(CALL_USAGE_HOURLY_SECONDS_SQL, option.value)),
  billableCallSql(''),
  // The trigger that hands out billable sequence numbers, when a migration redefines it.
  billableInteractionSql('NEW'),
];
const collapse = (text: string) => text.replace(/\s+/g, ' ');

describe('one home per rule', () => {
  it('finds rounding and media filters written another way (the patterns it scans for work)', () => {
    const earlierCopies = [
      'COALESCE(SUM(CEIL(GREATEST(c."duration", 0)::numeric / ${incrementSeconds}::int) * ${incrementSeconds}::int), 0)::bigint',
      '(GREATEST(duration, 0)::bigint + ${increment - 1}) / ${increment} * ${increment} AS billed',
      'sum((GREATEST(duration, 0)::bigint + 59) / 60 * 60)',
      'WHERE lower(c."mediaType") = \'voice\'',
      'AND c."mediaType" = \'voice\'',
      "AND NEW.\"mediaType\" IN ('voice', 'chat')",
      'return Math.ceil(Math.ceil(durationSeconds) / incrementSeconds) * incrementSeconds;',
      'first + Math.ceil((whole - first) / charge.incrementSeconds) * charge.incrementSeconds',
    ];
    for (const copy of earlierCopies) expect(findingsIn('probe.ts', copy), copy).not.toEqual([]);
    const fine = [
      'pages: Math.ceil(total / limit)',
      'Math.floor(nowMs / DAY_MS) * DAY_MS',
      'Math.floor(instant / 1000) * 1000',
      'Math.round((totalSeconds / 60) * 100) / 100',
      'AND "mediaType" = ${filters.mediaType}',
      'billedMinutes: (Number(row.billedSeconds) / 60).toFixed(4)',
    ];
    for (const text of fine) expect(findingsIn('probe.ts', text), text).toEqual([]);
  });

  it('leaves no product source rounding billed seconds or picking billable interactions another way', () => {
    const files = [...sourceFiles('apps'), ...sourceFiles('packages')].filter((file) => !HOMES.includes(file));
    expect(files.length).toBeGreaterThan(100);
    const findings = files.flatMap((file) => findingsIn(file, readFileSync(path.join(root, file), 'utf8')));
    expect(findings).toEqual([]);
  });

  it('holds migrations written since the rules have a home to them', () => {
    const held = migrations.filter((name) => name >= FIRST_MIGRATION_HELD);
    expect(held).toContain(FIRST_MIGRATION_HELD);
    const findings = held.flatMap((name) => {
      let text = migrationText(name);
      for (const built of ruleBuiltSql) text = text.split(built).join('(rule)');
      return findingsIn(`prisma/migrations/${name}/migration.sql`, text);
    });
    expect(findings).toEqual([]);
  });

  it("gives the billable-interaction trigger the rule's own condition", () => {
    const name = newestMigrationWith(/FUNCTION "call_records_billable"\(\)/);
    expect(collapse(migrationText(name))).toContain(`IF ${billableInteractionSql('NEW')} THEN`);
  });

  it('has a rollup column, filled by the rule, for every increment the settings allow', () => {
    // What PUT /settings and the Settings form accept, whichever list someone extends.
    const offered = BILLING_INCREMENT_OPTIONS.map((option) => option.value).sort((a, b) => a - b);
    const accepted = Array.from({ length: 3600 }, (_, index) => index + 1).filter(
      (seconds) => ZUpdateSettingsRequestSchema.shape.billingIncrementSeconds.safeParse(seconds).success,
    );
    expect(accepted).toEqual(offered);
    expect(ZBillingConfigFormSchema.shape.billingIncrementSeconds.options.map(Number).sort((a, b) => a - b)).toEqual(
      offered,
    );
    const tableDefinition = migrationText(newestMigrationWith(/CREATE TABLE "call_usage_hourly"/));
    const trigger = collapse(migrationText(newestMigrationWith(/FUNCTION call_usage_after_insert\(\)/)));
    for (const { value: increment } of BILLING_INCREMENT_OPTIONS) {
      const column = CALL_USAGE_HOURLY_BILLED_COLUMNS[increment];
      expect(column, `the rollup column for ${increment} s`).toBeDefined();
      expect(tableDefinition).toMatch(new RegExp(`^\\s*"?${column}"?\\s+BIGINT NOT NULL`, 'm'));
      if (increment === 1) {
        // Whole seconds rounded to 1 s are the talk seconds themselves.
        expect([0, 1, 59, 61].map((seconds) => billedSecondsFor(sameIncrements(1), seconds))).toEqual([0, 1, 59, 61]);
        expect(trigger).toContain(`sum(GREATEST(${CALL_USAGE_HOURLY_SECONDS_SQL}, 0))`);
      } else {
        expect(trigger).toContain(`sum(${billedSecondsSql(CALL_USAGE_HOURLY_SECONDS_SQL, increment)})`);
        expect(trigger).toContain(`"${column}"`);
      }
    }
  });
});
