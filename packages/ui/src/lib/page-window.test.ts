import { describe, expect, it } from 'vitest';
import { pageWindow } from './page-window';

describe('pageWindow', () => {
  it('shows no page buttons for zero or one page', () => {
    expect(pageWindow(1, 0)).toEqual([]);
    expect(pageWindow(1, 1)).toEqual([]);
  });

  it('shows every page when there are five or fewer', () => {
    expect(pageWindow(1, 2)).toEqual([1, 2]);
    expect(pageWindow(3, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('shows first, last and current ±1 with ellipses on both sides in the middle', () => {
    expect(pageWindow(5, 10)).toEqual([1, 'ellipsis', 4, 5, 6, 'ellipsis', 10]);
  });

  it('puts a single ellipsis after the start and before the end', () => {
    expect(pageWindow(1, 10)).toEqual([1, 2, 'ellipsis', 10]);
    expect(pageWindow(10, 10)).toEqual([1, 'ellipsis', 9, 10]);
  });

  it('shows a lone skipped page rather than an ellipsis for it', () => {
    expect(pageWindow(4, 10)).toEqual([1, 2, 3, 4, 5, 'ellipsis', 10]);
    expect(pageWindow(7, 10)).toEqual([1, 'ellipsis', 6, 7, 8, 9, 10]);
    expect(pageWindow(3, 6)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('never shows more than seven items however many pages there are', () => {
    for (let page = 1; page <= 500; page += 1) {
      expect(pageWindow(page, 500).length).toBeLessThanOrEqual(7);
    }
  });

  it('lists each page at most once, ascending, always including first, current and last', () => {
    for (let pages = 2; pages <= 12; pages += 1) {
      for (let page = 1; page <= pages; page += 1) {
        const numbers = pageWindow(page, pages).filter((item) => item !== 'ellipsis');
        expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
        expect(new Set(numbers).size).toBe(numbers.length);
        expect(numbers).toContain(1);
        expect(numbers).toContain(page);
        expect(numbers).toContain(pages);
      }
    }
  });

  it('clamps a page outside the range, e.g. after the list shrank', () => {
    expect(pageWindow(40, 10)).toEqual([1, 'ellipsis', 9, 10]);
    expect(pageWindow(0, 10)).toEqual([1, 2, 'ellipsis', 10]);
  });
});
