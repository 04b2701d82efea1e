import { describe, expect, it } from 'vitest';
import {
  addDecimals,
  compareDecimals,
  divideRoundHalfUp,
  formatDecimal,
  multiplyRoundHalfUp,
  parseDecimal,
  subtractDecimals,
} from './decimal';

describe('parseDecimal', () => {
  it.each([
    ['0.0450', 450n, 4],
    ['12', 12n, 0],
    ['-3.5', -35n, 1],
    ['.5', 5n, 1],
    [' 7.25 ', 725n, 2],
    ['1e-4', 1n, 4],
    ['2.5E3', 2500n, 0],
    [0.045, 45n, 3],
    [100, 100n, 0],
    [15n, 15n, 0],
  ])('%s → %s × 10^-%i', (input, coefficient, scale) => {
    expect(parseDecimal(input)).toEqual({ coefficient, scale });
  });

  it.each(['', 'abc', '1.2.3', '1,5', '.', '--1', Number.NaN, Number.POSITIVE_INFINITY])('rejects %j', (input) => {
    expect(() => parseDecimal(input)).toThrow(RangeError);
  });
});

describe('exact arithmetic', () => {
  it('adds without binary-float error', () => {
    expect(formatDecimal(addDecimals('0.1', '0.2'), 2)).toBe('0.30');
    expect(formatDecimal(subtractDecimals('125.5', '100'), 4)).toBe('25.5000');
  });

  it('compares values of different scales', () => {
    expect(compareDecimals('1.50', '1.5')).toBe(0);
    expect(compareDecimals('0.0999', '0.1')).toBe(-1);
    expect(compareDecimals(2, '1.9999')).toBe(1);
  });
});

describe('rounding half-up', () => {
  it.each([
    ['1.005', 2, '1.01'], // 1.005 as a float is 1.00499…, which rounds to 1.00
    ['1.004', 2, '1.00'],
    ['0.045', 2, '0.05'], // ties go up, not to even
    ['0.035', 2, '0.04'],
    ['-0.005', 2, '-0.01'], // and away from zero below it
    ['-0.004', 2, '0.00'],
    ['2', 2, '2.00'],
    ['1.23456', 4, '1.2346'],
    ['9.999', 2, '10.00'],
    ['0.5', 0, '1'],
  ])('%s to %i places is %s', (value, places, expected) => {
    expect(formatDecimal(value, places)).toBe(expected);
  });

  it('multiplies then rounds', () => {
    expect(multiplyRoundHalfUp('1.5000', '0.0300', 2)).toBe('0.05');
    expect(multiplyRoundHalfUp('1.0167', '0.0450', 2)).toBe('0.05');
    expect(multiplyRoundHalfUp('1.0000', '1.005', 2)).toBe('1.01');
  });

  it('divides then rounds', () => {
    expect(formatDecimal(divideRoundHalfUp(61, 60, 4), 4)).toBe('1.0167');
    expect(formatDecimal(divideRoundHalfUp(2, 60, 4), 4)).toBe('0.0333');
    expect(formatDecimal(divideRoundHalfUp('1', '0.3', 2), 2)).toBe('3.33');
    expect(formatDecimal(divideRoundHalfUp(2, 3, 4), 4)).toBe('0.6667');
    expect(() => divideRoundHalfUp(1, 0, 2)).toThrow(RangeError);
  });
});
