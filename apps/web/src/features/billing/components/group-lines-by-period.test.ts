import { describe, expect, it } from 'vitest';
import { groupLinesByPeriod, lineLabelWithinPeriod } from './group-lines-by-period';

const line = (description: string, periodStart?: string, periodEnd?: string) => ({
  description,
  periodStart,
  periodEnd,
});

describe('invoice lines by period', () => {
  it('groups lines under their period, oldest first, keeping their order within it', () => {
    const lines = [
      line('Minimum commitment, 10/01/2026–10/31/2026', '2026-10-01', '2026-10-31'),
      line('Late usage, 09/01/2026–09/30/2026', '2026-09-01', '2026-09-30'),
      line('Overage, 10/01/2026–10/31/2026', '2026-10-01', '2026-10-31'),
    ];
    expect(groupLinesByPeriod(lines)).toEqual([
      { period: { start: '2026-09-01', end: '2026-09-30' }, lines: [lines[1]] },
      { period: { start: '2026-10-01', end: '2026-10-31' }, lines: [lines[0], lines[2]] },
    ]);
  });

  it('puts lines that name no period (jobs from before periods) last, together', () => {
    const lines = [
      line('Phone usage'),
      line('Phone usage, 10/01/2026–10/31/2026', '2026-10-01', '2026-10-31'),
      line('Overage'),
    ];
    expect(groupLinesByPeriod(lines)).toEqual([
      { period: { start: '2026-10-01', end: '2026-10-31' }, lines: [lines[1]] },
      { period: null, lines: [lines[0], lines[2]] },
    ]);
    expect(groupLinesByPeriod([])).toEqual([]);
  });

  it('drops the period from a description shown under that period, and only that period', () => {
    const october = { start: '2026-10-01', end: '2026-10-31' };
    expect(lineLabelWithinPeriod('Minimum commitment, 10/01/2026–10/31/2026', october)).toBe('Minimum commitment');
    expect(lineLabelWithinPeriod('Late usage, 10/01/2026–10/31/2026', october)).toBe('Late usage');
    // The rest of a split period names its own days: they stay.
    expect(lineLabelWithinPeriod('Usage, 10/11/2026–10/31/2026', october)).toBe('Usage, 10/11/2026–10/31/2026');
    expect(lineLabelWithinPeriod('Phone usage, 10/05/2026', { start: '2026-10-05', end: '2026-10-05' })).toBe(
      'Phone usage',
    );
    expect(lineLabelWithinPeriod('Phone usage', null)).toBe('Phone usage');
  });
});
