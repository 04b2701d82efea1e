// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataTable, type DataColumn } from './data-table';

type Person = { id: string; name: string; email: string };
const columns: DataColumn<Person>[] = [
  { key: 'name', header: 'Name', cell: (row) => row.name, card: 'title' },
  { key: 'email', header: 'Email', cell: (row) => row.email },
  { key: 'actions', header: 'Actions', cell: (row) => <button type="button">Edit {row.name}</button>, card: 'actions' },
];
const rows = [
  { id: '1', name: 'Ada', email: 'ada@example.com' },
  { id: '2', name: 'Grace', email: 'grace@example.com' },
];

function screenWide(wide: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: wide,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('DataTable', () => {
  it('is a table with a header row on wide screens', () => {
    screenWide(true);
    render(<DataTable aria-label="People" columns={columns} rows={rows} rowKey={(row) => row.id} />);
    const table = screen.getByRole('table', { name: 'People' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Name', 'Email', 'Actions']);
    expect(within(table).getAllByRole('row')).toHaveLength(3);
  });

  it('is a list of cards on phones, each with every field labelled and its actions', () => {
    screenWide(false);
    render(<DataTable aria-label="People" columns={columns} rows={rows} rowKey={(row) => row.id} />);
    expect(screen.queryByRole('table')).toBeNull();
    const cards = within(screen.getByRole('list', { name: 'People' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(cards[1]!.textContent).toContain('Grace');
    expect(within(cards[1]!).getByText('Email').tagName).toBe('DT');
    expect(within(cards[1]!).getByText('grace@example.com').tagName).toBe('DD');
    expect(within(cards[1]!).getByRole('button', { name: 'Edit Grace' })).toBeTruthy();
  });

  it('keys rows by their id when no rowKey is given, and asks for one when rows have no id', () => {
    screenWide(true);
    render(<DataTable aria-label="People" columns={columns} rows={rows} />);
    expect(within(screen.getByRole('table', { name: 'People' })).getAllByRole('row')).toHaveLength(3);

    const unnamed: DataColumn<{ name: string }>[] = [{ key: 'name', header: 'Name', cell: (row) => row.name }];
    // @ts-expect-error rows without an id must say how they are keyed
    void (<DataTable aria-label="Names" columns={unnamed} rows={[{ name: 'Ada' }]} />);
  });
});
