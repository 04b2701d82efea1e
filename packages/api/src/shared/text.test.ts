import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { optionalSafeText, safeJsonObject, safeText, safeTextList, textPattern, textProblem } from './text';

const messages = (result: { error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('textProblem', () => {
  it.each([
    ['plain text', 'single-line', null],
    ['Zoë & Søn — 北京 ☎', 'single-line', null],
    ['family 👩‍👩‍👧', 'single-line', null],
    ['a\u0000b', 'single-line', 'cannot contain control characters'],
    ['a\u0085b', 'single-line', 'cannot contain control characters'],
    ['a\u007Fb', 'opaque', 'cannot contain control characters'],
    ['two\nlines', 'single-line', 'cannot contain control characters'],
    ['two\r\n\tlines', 'multi-line', null],
    ['bell\u0007', 'multi-line', 'cannot contain control characters'],
    ['x\uD800', 'opaque', 'contains invalid Unicode (an unpaired surrogate)'],
    ['\uDC00x', 'multi-line', 'contains invalid Unicode (an unpaired surrogate)'],
    ['zero\u200Bwidth', 'single-line', 'cannot contain invisible formatting characters'],
    ['rtl\u202Eoverride', 'single-line', 'cannot contain invisible formatting characters'],
    ['\uFEFFbom', 'single-line', 'cannot contain invisible formatting characters'],
    ['zero\u200Bwidth', 'opaque', null],
  ] as const)('%j as %s: %s', (value, kind, problem) => {
    expect(textProblem(value, kind)).toBe(problem);
  });
});

describe('safeText', () => {
  const name = safeText({ label: 'Region name', max: 10, required: true });

  it('trims, and names the field in every message', () => {
    expect(name.parse('  North ')).toBe('North');
    expect(messages(name.safeParse('   '))).toEqual(['Region name is required']);
    expect(messages(name.safeParse(undefined))).toEqual(['Region name is required']);
    expect(messages(name.safeParse('x'.repeat(11)))).toEqual(['Region name cannot be longer than 10 characters']);
    expect(messages(name.safeParse('No\u0000rth'))).toEqual(['Region name cannot contain control characters']);
  });

  it('refuses a megabyte at once, with the same message', () => {
    expect(messages(name.safeParse('x'.repeat(1_000_000)))).toEqual([
      'Region name cannot be longer than 10 characters',
    ]);
  });

  it('asks for a visible character in required text', () => {
    expect(messages(name.safeParse('\u200D'))).toEqual(['Region name is required']);
  });

  it('optional text turns blank into null', () => {
    const notes = optionalSafeText({ label: 'Notes', max: 20, kind: 'multi-line' });
    expect(notes.parse('  ')).toBeNull();
    expect(notes.parse(undefined)).toBeNull();
    expect(notes.parse('a\nb')).toBe('a\nb');
  });
});

describe('safeTextList', () => {
  it('limits the count and checks each entry', () => {
    const list = safeTextList({ label: 'Queues', maxItems: 2, item: { label: 'Queue name', max: 5 } });
    expect(messages(list.safeParse(['a', 'b', 'c']))).toEqual(['Queues cannot hold more than 2 entries']);
    expect(messages(list.safeParse(['a', 'b\u0000']))).toEqual(['Queue name cannot contain control characters']);
  });
});

describe('safeJsonObject', () => {
  const snapshot = safeJsonObject({ label: 'Snapshot', maxChars: 100 });

  it('accepts plain JSON and refuses NUL or broken Unicode anywhere in it', () => {
    expect(snapshot.safeParse({ Id: '1', BillAddr: { Line1: 'x' }, Tags: ['a'] }).success).toBe(true);
    expect(messages(snapshot.safeParse({ BillAddr: { Line1: 'a\u0000' } }))).toEqual([
      'Snapshot cannot contain control characters',
    ]);
    expect(messages(snapshot.safeParse({ ['k\uD800']: 1 }))).toEqual([
      'Snapshot contains invalid Unicode (an unpaired surrogate)',
    ]);
    expect(messages(snapshot.safeParse({ big: 'x'.repeat(200) }))).toEqual([
      'Snapshot cannot be larger than 100 characters of JSON',
    ]);
  });
});

describe('textPattern: the JSON Schema pattern says what safeText accepts (issue 25)', () => {
  const hostile = fc.constantFrom(
    'a\u0000b',
    'tab\there',
    'line\nbreak',
    'cr\r',
    'bell\u0007',
    'c1\u0085',
    'del\u007F',
    'x\uD800',
    '\uDC00y',
    'pair 😀',
    'zero\u200Bwidth',
    'rtl\u202E',
    '\uFEFF',
    'zwj \u200D',
    'ls\u2028',
    ' ',
    '\u00A0',
    '',
    'Zoë',
    '—',
    '%_',
  );
  const text = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 12 }),
    fc.string({ unit: 'grapheme', maxLength: 12 }),
    hostile,
    fc.array(hostile, { maxLength: 3 }).map((parts) => parts.join('')),
  );
  it.each([
    ['single-line', false],
    ['single-line', true],
    ['multi-line', false],
    ['multi-line', true],
    ['opaque', false],
    ['opaque', true],
  ] as const)('%s, required %s', (kind, required) => {
    const schema = safeText({ label: 'Field', max: 1000, kind, required, keepWhitespace: kind === 'opaque' });
    const pattern = new RegExp(textPattern(kind, required), 'u');
    fc.assert(
      fc.property(text, (value) => {
        expect(pattern.test(value), JSON.stringify(value)).toBe(schema.safeParse(value).success);
      }),
      { numRuns: 2000 },
    );
  });
});
