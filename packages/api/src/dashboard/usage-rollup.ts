/** The hourly rollup of call_records the dashboard reads (migration 20261203_call_usage_hourly). */

/**
 * Which column of call_usage_hourly holds the seconds billed at each increment the settings allow
 * (test/one-home-rules.test.ts holds every allowed increment to a column its trigger fills by
 * billed-seconds.ts).
 */
export const CALL_USAGE_HOURLY_BILLED_COLUMNS: Readonly<Record<number, string>> = {
  1: 'seconds',
  6: 'billedSeconds6',
  60: 'billedSeconds60',
};

/** The duration expression the rollup's trigger rounds (migration 20261231_1_call_usage_rollup_rule). */
export const CALL_USAGE_HOURLY_SECONDS_SQL = 'duration::bigint';
