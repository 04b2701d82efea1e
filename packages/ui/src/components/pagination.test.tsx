// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Pagination } from './pagination';

afterEach(cleanup);

/** The page numbers and ellipses in the order a user sees them. */
function visiblePageItems() {
  const nav = screen.getByRole('navigation', { name: 'Pagination' });
  return within(nav)
    .getAllByRole('listitem')
    .map((item) => item.textContent)
    .filter((text) => text !== 'Previous' && text !== 'Next');
}

describe('Pagination', () => {
  it('shows every page when there are five or fewer', () => {
    render(<Pagination page={2} pages={5} onPageChange={() => {}} />);
    expect(visiblePageItems()).toEqual(['1', '2', '3', '4', '5']);
  });

  it('windows long lists around the current page with ellipses', () => {
    render(<Pagination page={6} pages={12} onPageChange={() => {}} />);
    expect(visiblePageItems()).toEqual(['1', '…', '5', '6', '7', '…', '12']);
    expect(screen.getByRole('button', { name: 'Page 6' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('button', { name: 'Page 5' }).hasAttribute('aria-current')).toBe(false);
  });

  it('renders nothing with one page or fewer and no page-size picker', () => {
    const { container: onePage } = render(<Pagination page={1} pages={1} onPageChange={() => {}} />);
    expect(onePage.innerHTML).toBe('');
    const { container: noPages } = render(<Pagination page={1} pages={0} onPageChange={() => {}} />);
    expect(noPages.innerHTML).toBe('');
  });

  it('keeps the page-size picker but no page buttons with one page', () => {
    render(
      <Pagination page={1} pages={1} onPageChange={() => {}} pageSize={100} onPageSizeChange={() => {}} total={42} />,
    );
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Rows per page' })).toBeTruthy();
    expect(screen.getByText('Showing 1–42 of 42 results')).toBeTruthy();
  });

  it('moves with Previous, Next and a page number', () => {
    const onPageChange = vi.fn();
    render(<Pagination page={3} pages={10} onPageChange={onPageChange} />);

    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(screen.getByRole('button', { name: 'Page 10' }));

    expect(onPageChange.mock.calls).toEqual([[2], [4], [10]]);
  });

  it('disables Previous on the first page and Next on the last', () => {
    const { rerender } = render(<Pagination page={1} pages={3} onPageChange={() => {}} />);
    expect(screen.getByRole('button', { name: 'Previous' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(false);

    rerender(<Pagination page={3} pages={3} onPageChange={() => {}} />);
    expect(screen.getByRole('button', { name: 'Previous' }).hasAttribute('disabled')).toBe(false);
    expect(screen.getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(true);
  });

  it('does not report a change when the current page is clicked', () => {
    const onPageChange = vi.fn();
    render(<Pagination page={2} pages={3} onPageChange={onPageChange} />);
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(onPageChange).not.toHaveBeenCalled();
  });

  it('offers 10, 20, 50 and 100 rows and goes back to page 1 when the size changes', () => {
    const onPageChange = vi.fn();
    const onPageSizeChange = vi.fn();
    render(
      <Pagination page={4} pages={10} onPageChange={onPageChange} pageSize={20} onPageSizeChange={onPageSizeChange} />,
    );
    const picker = screen.getByRole('combobox', { name: 'Rows per page' }) as HTMLSelectElement;
    expect([...picker.options].map((option) => option.value)).toEqual(['10', '20', '50', '100']);
    expect(picker.value).toBe('20');

    fireEvent.change(picker, { target: { value: '50' } });

    expect(onPageSizeChange).toHaveBeenCalledWith(50);
    expect(onPageChange).toHaveBeenCalledWith(1);
  });

  it('lists a current page size that is not among the options, in order', () => {
    render(<Pagination page={1} pages={4} onPageChange={() => {}} pageSize={25} onPageSizeChange={() => {}} />);
    const picker = screen.getByRole('combobox', { name: 'Rows per page' }) as HTMLSelectElement;
    expect([...picker.options].map((option) => option.value)).toEqual(['10', '20', '25', '50', '100']);
    expect(picker.value).toBe('25');
  });

  it('summarises which rows the page shows', () => {
    render(<Pagination page={3} pages={5} onPageChange={() => {}} pageSize={20} total={95} />);
    expect(screen.getByText('Showing 41–60 of 95 results')).toBeTruthy();
  });
});
