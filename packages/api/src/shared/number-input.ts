import { z } from 'zod';

/**
 * Money and quantity fields as a person types them (issue 24): digits with at most one decimal
 * point, nothing else. The one home of these rules for the web forms and the server, so a typo
 * such as "0,05" (read elsewhere as 005, a hundred times the intent) is refused in both with the
 * same message. Browser-safe: zod only.
 */

/** Digits before and after the point that a Decimal(12, 4) column holds exactly. */
export const DECIMAL_INTEGER_DIGITS = 8;
export const DECIMAL_FRACTION_DIGITS = 4;

// The same rule for the OpenAPI document: decimal text, or a number with at most four decimals.
const DECIMAL_TEXT_PATTERN = `^\\s*(?=\\.?\\d)\\d{0,${DECIMAL_INTEGER_DIGITS}}(\\.\\d{0,${DECIMAL_FRACTION_DIGITS}})?\\s*$`;
const DECIMAL_NUMBER_BOUNDS = { minimum: 0, maximum: 99_999_999.9999, multipleOf: 0.0001 };

/**
 * What is wrong with typed decimal text, as a whole sentence naming the field, or null. A comma
 * where a point is meant gets the corrected value back ("Use a point for decimals: 0.05").
 */
export function decimalTextProblem(text: string, label: string): string | null {
  if (text === '') return `${label} is required`;
  if (/^\d*,\d*$/.test(text) && /\d/.test(text)) return `Use a point for decimals: ${text.replace(',', '.')}`;
  if (/^-/.test(text)) return `${label} must be zero or greater`;
  const match = /^(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match || `${match[1]}${match[2] ?? ''}`.length === 0) return `${label} must be a valid number`;
  const integerDigits = match[1]!.replace(/^0+/, '');
  if (integerDigits.length > DECIMAL_INTEGER_DIGITS || (match[2] ?? '').length > DECIMAL_FRACTION_DIGITS) {
    return `${label} must have at most ${DECIMAL_INTEGER_DIGITS} digits before and ${DECIMAL_FRACTION_DIGITS} after the decimal point`;
  }
  return null;
}

/** Canonical decimal text of valid typed text: '.5' → '0.5', '3.' → '3', trailing zeros kept. */
function canonicalDecimal(text: string): string {
  const [integerDigits = '', fractionDigits = ''] = text.split('.');
  return `${integerDigits || '0'}${fractionDigits ? `.${fractionDigits}` : ''}`;
}

/**
 * A money amount per unit (a rate) given as a JSON number or as typed text. The output is decimal
 * text that fits Decimal(12, 4) exactly, so what is saved is what was typed. A JSON number is taken
 * by its shortest decimal form (0.05 → '0.05'); one written with an exponent is refused like text.
 */
export function decimalInput(label: string) {
  return z
    .union([z.string().meta({ pattern: DECIMAL_TEXT_PATTERN }), z.number().meta(DECIMAL_NUMBER_BOUNDS)], {
      error: `${label} must be a valid number`,
    })
    .transform((value, context) => {
      if (typeof value === 'number' && !Number.isFinite(value)) {
        context.addIssue({ code: 'custom', message: `${label} must be a valid number`, input: value });
        return z.NEVER;
      }
      const text = typeof value === 'number' ? String(value) : value.trim();
      const problem = decimalTextProblem(text, label);
      if (problem) {
        context.addIssue({ code: 'custom', message: problem, input: value });
        return z.NEVER;
      }
      return canonicalDecimal(text);
    });
}

/**
 * A whole quantity (minutes) given as a JSON integer or as typed digits; the output is a number.
 * `message` is the field's one sentence for anything else (signs, points, exponents, commas).
 */
export function wholeNumberInput(options: { message: string; max: number; tooLargeMessage: string }) {
  return z
    .union(
      [
        z.number().meta({ minimum: 0, maximum: options.max, multipleOf: 1 }),
        z.string().meta({ pattern: '^\\s*\\d+\\s*$' }),
      ],
      {
        error: options.message,
      },
    )
    .transform((value, context) => {
      const text = typeof value === 'number' ? (Number.isSafeInteger(value) ? String(value) : '') : value.trim();
      if (!/^\d+$/.test(text)) {
        context.addIssue({ code: 'custom', message: options.message, input: value });
        return z.NEVER;
      }
      const amount = Number(text);
      if (amount > options.max) {
        context.addIssue({ code: 'custom', message: options.tooLargeMessage, input: value });
        return z.NEVER;
      }
      return amount;
    });
}

/** How far a new rate may move from the current one before the form asks "are you sure?". */
export const RATE_JUMP_FACTOR = 10;
/** A per-minute rate above this is unusual enough to confirm. */
export const RATE_CONFIRM_ABOVE = 1;

const money = (value: number) => `$${value.toFixed(value < 0.01 && value > 0 ? 4 : 2)}`;

/**
 * Why a typed per-minute rate deserves a second look, or null: 10× above or below the current
 * rate, or more than $1 a minute. `current` is the rate saved before (null for a new profile).
 */
export function rateConfirmationReason(label: string, next: string, current: string | null): string | null {
  const nextValue = Number(next);
  if (!Number.isFinite(nextValue)) return null;
  const currentValue = current === null ? Number.NaN : Number(current);
  if (Number.isFinite(currentValue) && currentValue > 0 && nextValue !== currentValue) {
    if (nextValue >= currentValue * RATE_JUMP_FACTOR) {
      return `${label} ${money(nextValue)} is ${RATE_JUMP_FACTOR}× or more the current ${money(currentValue)}.`;
    }
    if (nextValue * RATE_JUMP_FACTOR <= currentValue) {
      return `${label} ${money(nextValue)} is a ${RATE_JUMP_FACTOR}th or less of the current ${money(currentValue)}.`;
    }
  }
  if (nextValue > RATE_CONFIRM_ABOVE && nextValue !== currentValue) {
    return `${label} ${money(nextValue)} is more than ${money(RATE_CONFIRM_ABOVE)} a minute.`;
  }
  return null;
}
