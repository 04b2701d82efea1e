/**
 * Exact decimal arithmetic for money and minutes: a value is an integer coefficient and a count
 * of decimal places (value = coefficient / 10^scale), held in a BigInt, so no binary-float error
 * (0.1 + 0.2, 1.005 × 100) ever reaches an invoice.
 */

export type Decimal = { readonly coefficient: bigint; readonly scale: number };

/** What the helpers accept: a decimal string ('0.0450', '-3', '1e-4'), a finite number, a BigInt or a Decimal. */
export type DecimalInput = string | number | bigint | Decimal;

const DECIMAL_TEXT_PATTERN = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

function isDecimal(value: DecimalInput): value is Decimal {
  return typeof value === 'object' && value !== null && 'coefficient' in value;
}

/** Reads a decimal exactly; throws a RangeError for anything that is not a finite decimal number. */
export function parseDecimal(value: DecimalInput): Decimal {
  if (isDecimal(value)) return value;
  if (typeof value === 'bigint') return { coefficient: value, scale: 0 };
  if (typeof value === 'number' && !Number.isFinite(value)) throw new RangeError(`Not a finite number: ${value}`);
  // A number's shortest round-trip text is the decimal its author wrote (0.045 → '0.045').
  const text = typeof value === 'number' ? String(value) : value.trim();
  const match = DECIMAL_TEXT_PATTERN.exec(text);
  const integerDigits = match?.[2] ?? '';
  const fractionDigits = match?.[3] ?? '';
  if (!match || integerDigits.length + fractionDigits.length === 0) {
    throw new RangeError(`Not a decimal number: ${JSON.stringify(value)}`);
  }
  const exponent = Number(match[4] ?? '0');
  const magnitude = BigInt(integerDigits + fractionDigits || '0');
  const coefficient = match[1] === '-' ? -magnitude : magnitude;
  const scale = fractionDigits.length - exponent;
  return scale >= 0 ? { coefficient, scale } : { coefficient: coefficient * 10n ** BigInt(-scale), scale: 0 };
}

function withScale(value: Decimal, scale: number): bigint {
  return value.coefficient * 10n ** BigInt(scale - value.scale);
}

/** a + b, exactly. */
export function addDecimals(a: DecimalInput, b: DecimalInput): Decimal {
  const left = parseDecimal(a);
  const right = parseDecimal(b);
  const scale = Math.max(left.scale, right.scale);
  return { coefficient: withScale(left, scale) + withScale(right, scale), scale };
}

/** a − b, exactly. */
export function subtractDecimals(a: DecimalInput, b: DecimalInput): Decimal {
  const right = parseDecimal(b);
  return addDecimals(a, { coefficient: -right.coefficient, scale: right.scale });
}

/** a × b, exactly. */
export function multiplyDecimals(a: DecimalInput, b: DecimalInput): Decimal {
  const left = parseDecimal(a);
  const right = parseDecimal(b);
  return { coefficient: left.coefficient * right.coefficient, scale: left.scale + right.scale };
}

/** -1, 0 or 1 as a is less than, equal to or greater than b. */
export function compareDecimals(a: DecimalInput, b: DecimalInput): -1 | 0 | 1 {
  const difference = subtractDecimals(a, b).coefficient;
  return difference < 0n ? -1 : difference > 0n ? 1 : 0;
}

/** Integer division rounding half away from zero ("half-up" as accountants mean it). */
function divideRoundingHalfUp(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new RangeError('Division by zero');
  const negative = numerator < 0n !== denominator < 0n;
  const absoluteNumerator = numerator < 0n ? -numerator : numerator;
  const absoluteDenominator = denominator < 0n ? -denominator : denominator;
  const quotient = (absoluteNumerator * 2n + absoluteDenominator) / (absoluteDenominator * 2n);
  return negative ? -quotient : quotient;
}

/** The value rounded half-up (ties away from zero) to `places` decimal places. */
export function roundHalfUp(value: DecimalInput, places: number): Decimal {
  assertPlaces(places);
  const decimal = parseDecimal(value);
  if (decimal.scale <= places) return { coefficient: withScale(decimal, places), scale: places };
  return {
    coefficient: divideRoundingHalfUp(decimal.coefficient, 10n ** BigInt(decimal.scale - places)),
    scale: places,
  };
}

/** numerator ÷ denominator rounded half-up to `places` decimal places, e.g. seconds ÷ 60 to 4 places. */
export function divideRoundHalfUp(numerator: DecimalInput, denominator: DecimalInput, places: number): Decimal {
  assertPlaces(places);
  const top = parseDecimal(numerator);
  const bottom = parseDecimal(denominator);
  // top/bottom × 10^places as an integer ratio: shift both coefficients to a common scale first.
  const scaledTop = top.coefficient * 10n ** BigInt(places + bottom.scale);
  const scaledBottom = bottom.coefficient * 10n ** BigInt(top.scale);
  return { coefficient: divideRoundingHalfUp(scaledTop, scaledBottom), scale: places };
}

/** a × b rounded half-up to `places` decimal places, as text: the Amount = Qty × UnitPrice rule. */
export function multiplyRoundHalfUp(a: DecimalInput, b: DecimalInput, places: number): string {
  return formatDecimal(multiplyDecimals(a, b), places);
}

/** Text with exactly `places` decimal places, rounding half-up when the value has more. */
export function formatDecimal(value: DecimalInput, places: number): string {
  const { coefficient } = roundHalfUp(value, places);
  const negative = coefficient < 0n;
  const digits = (negative ? -coefficient : coefficient).toString().padStart(places + 1, '0');
  const integerPart = digits.slice(0, digits.length - places);
  const fractionPart = digits.slice(digits.length - places);
  return `${negative ? '-' : ''}${integerPart}${places > 0 ? `.${fractionPart}` : ''}`;
}

function assertPlaces(places: number): void {
  if (!Number.isInteger(places) || places < 0) throw new RangeError(`Not a count of decimal places: ${places}`);
}
