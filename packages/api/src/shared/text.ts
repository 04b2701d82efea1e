import { z } from 'zod';

/**
 * The one home of the text rules every input obeys (DESIGN.md §6): no control characters, no
 * unpaired UTF-16 surrogates, no invisible formatting characters in names, and a maximum length a
 * real user never reaches. The web forms use the same schemas, so they show the same messages.
 * Browser-safe: zod only.
 */

/** Maximum lengths and counts, in characters and entries. */
export const TEXT_LIMITS = {
  /** Names of people, customers, regions, teams, roles, tokens; QuickBooks text fields. */
  name: 200,
  /** Notes, descriptions, reasons. */
  note: 2000,
  /** E-mail addresses (RFC 5321's path limit). */
  email: 254,
  password: 200,
  /** Record ids in paths and bodies (uuids, job codes, Genesys ids). */
  id: 100,
  /** Search boxes and filters. */
  search: 200,
  /** Queue names one customer profile holds. */
  queueNamesPerProfile: 100,
  /** Queues one billing run may select. */
  selectedQueues: 1000,
  /** Role ids of a user, permission keys of a role. */
  listEntries: 200,
} as const;

// C0 and C1 control characters and DEL. Multi-line text keeps tab, line feed and carriage return.
// Matching control characters is the point here.
/* eslint-disable no-control-regex */
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/u;
const CONTROL_EXCEPT_LINE_BREAKS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/u;
/* eslint-enable no-control-regex */
// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
// Invisible formatting characters (Unicode category Cf: zero-width space, bidi overrides, BOM...)
// and the line/paragraph separators. Zero-width (non-)joiners stay: scripts and emoji need them.
const INVISIBLE = /(?![\u200C\u200D])[\p{Cf}\u2028\u2029]/u;
const VISIBLE = /[\p{L}\p{N}\p{P}\p{S}]/u;

export type TextKind = 'single-line' | 'multi-line' | 'opaque';

/**
 * The same rules as JSON Schema patterns, for the OpenAPI document (issue 25: it allowed what the
 * server refuses). ECMA-262 with the `u` flag, as JSON Schema validators read them: `\p{Cs}` is an
 * unpaired surrogate there, a pair being one code point. A test checks them against textProblem.
 */
const ALLOWED_CHARACTER: Record<TextKind, string> = {
  'single-line': '(?:[\\u200C\\u200D]|[^\\p{Cc}\\p{Cf}\\p{Cs}\\u2028\\u2029])',
  'multi-line': '[^\\p{Cs}\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F]',
  opaque: '[^\\p{Cc}\\p{Cs}]',
};
const HAS_VISIBLE = '(?=[\\s\\S]*[\\p{L}\\p{N}\\p{P}\\p{S}])';

/**
 * The JSON Schema pattern of text of `kind`: when required, at least `minLength` characters (1 by
 * default) with a visible one; `orEmpty` also takes "" (an optional field sent blank).
 */
export function textPattern(
  kind: TextKind,
  required = false,
  options: { minLength?: number; orEmpty?: boolean } = {},
): string {
  const count = required ? `{${options.minLength ?? 1},}` : '*';
  const text = `${required && kind !== 'opaque' ? HAS_VISIBLE : ''}${ALLOWED_CHARACTER[kind]}${count}`;
  return options.orEmpty ? `^(?:${text})?$` : `^${text}$`;
}

/**
 * What is wrong with a piece of text, as the end of a sentence starting with its label, or null.
 * `single-line`: names and keys; `multi-line`: notes (tab and line breaks allowed); `opaque`:
 * tokens, codes and passwords, where only control characters and broken Unicode are refused.
 */
export function textProblem(value: string, kind: TextKind = 'single-line'): string | null {
  if ((kind === 'multi-line' ? CONTROL_EXCEPT_LINE_BREAKS : CONTROL).test(value))
    return 'cannot contain control characters';
  if (LONE_SURROGATE.test(value)) return 'contains invalid Unicode (an unpaired surrogate)';
  if (kind === 'single-line' && INVISIBLE.test(value)) return 'cannot contain invisible formatting characters';
  return null;
}

export interface SafeTextOptions {
  /** How messages name the field: "Region name", "Notes". */
  label: string;
  max: number;
  /** Required text: at least one visible character after trimming, else `requiredMessage`. */
  required?: boolean;
  requiredMessage?: string;
  tooLongMessage?: string;
  /** Required text of at least this many characters (passwords), else `tooShortMessage`. */
  minLength?: number;
  tooShortMessage?: string;
  kind?: TextKind;
  /** Keep surrounding whitespace (passwords). */
  keepWhitespace?: boolean;
}

/**
 * A string that obeys the text rules: trimmed (unless `keepWhitespace`), at most `max` characters,
 * and, when `required`, not blank. Messages name the field by its label.
 */
export function safeText(options: SafeTextOptions) {
  const { label, max, kind = 'single-line' } = options;
  const requiredMessage = options.requiredMessage ?? `${label} is required`;
  const tooLong = options.tooLongMessage ?? `${label} cannot be longer than ${max} characters`;
  let schema = z.string({ error: options.required ? requiredMessage : `${label} must be text` });
  schema = schema.refine((value) => textProblem(value, kind) === null, {
    error: (issue) => `${label} ${textProblem(issue.input as string, kind)}`,
  });
  if (!options.keepWhitespace) schema = schema.trim();
  schema = schema.max(max, tooLong);
  if (options.required) {
    schema = schema.min(1, requiredMessage);
    if (kind !== 'opaque') schema = schema.refine((value) => value === '' || VISIBLE.test(value), requiredMessage);
  }
  if (options.minLength) schema = schema.min(options.minLength, options.tooShortMessage ?? requiredMessage);
  // Last: zod keeps metadata on this schema only, not on one derived from it.
  return schema.meta({ pattern: textPattern(kind, options.required, { minLength: options.minLength }) });
}

/** Required text whose too-long message is "<label> is too long" (names, search terms). */
export function requiredText(label: string, max: number, requiredMessage?: string) {
  return safeText({ label, max, required: true, requiredMessage, tooLongMessage: `${label} is too long` });
}

/** Optional text: trimmed; missing, null or blank becomes null. */
export function optionalSafeText(options: Omit<SafeTextOptions, 'required' | 'requiredMessage'>) {
  return safeText(options)
    .nullish()
    .transform((value) => (value ? value : null));
}

/** A list of texts of at most `maxItems` entries, each obeying the text rules. */
export function safeTextList(options: {
  label: string;
  maxItems: number;
  item: SafeTextOptions;
  tooManyMessage?: string;
}) {
  return z
    .array(safeText(options.item), { error: `${options.label} must be a list` })
    .max(
      options.maxItems,
      options.tooManyMessage ?? `${options.label} cannot hold more than ${options.maxItems} entries`,
    );
}

/** A record id (uuid, job code, Genesys id): non-blank, short, plain text. */
export function recordId(label: string, requiredMessage?: string) {
  return safeText({ label, max: TEXT_LIMITS.id, required: true, requiredMessage });
}

/**
 * A JSON object kept as given (a QuickBooks snapshot): at most `maxChars` characters of JSON, and
 * every key and string in it obeys the text rules for `opaque` text (PostgreSQL's jsonb refuses
 * NUL and unpaired surrogates).
 */
export function safeJsonObject(options: { label: string; maxChars: number }) {
  return z
    .record(z.string(), z.unknown(), { error: `${options.label} must be a JSON object` })
    .superRefine((value, context) => {
      let text: string;
      try {
        text = JSON.stringify(value);
      } catch {
        context.addIssue({ code: 'custom', message: `${options.label} must be plain JSON` });
        return;
      }
      if (text.length > options.maxChars) {
        context.addIssue({
          code: 'custom',
          message: `${options.label} cannot be larger than ${options.maxChars} characters of JSON`,
        });
        return;
      }
      const problem = firstTextProblem(value);
      if (problem) context.addIssue({ code: 'custom', message: `${options.label} ${problem}` });
    });
}

function firstTextProblem(value: unknown): string | null {
  if (typeof value === 'string') return textProblem(value, 'opaque');
  if (Array.isArray(value)) {
    for (const entry of value) {
      const problem = firstTextProblem(entry);
      if (problem) return problem;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, entry] of Object.entries(value)) {
      const problem = textProblem(key, 'opaque') ?? firstTextProblem(entry);
      if (problem) return problem;
    }
  }
  return null;
}
