// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { QueueNamesInput } from './queue-names-input';

afterEach(cleanup);

function Harness({ initial = [] as string[], known = null as string[] | null }) {
  const [names, setNames] = useState(initial);
  return <QueueNamesInput id="queues" value={names} onChange={setNames} knownNames={known} />;
}

const chips = () => screen.queryAllByRole('listitem').map((item) => item.textContent);

describe('QueueNamesInput', () => {
  it('adds a trimmed name by Enter or the Add button, and no duplicate or blank', () => {
    render(<Harness />);
    const input = screen.getByRole('combobox');
    fireEvent.change(input, { target: { value: '  Acme Support ' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(chips()).toEqual(['Acme Support']);
    expect((input as HTMLInputElement).value).toBe('');

    fireEvent.change(input, { target: { value: 'Acme Support' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add queue name' }));
    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add queue name' }));
    expect(chips()).toEqual(['Acme Support']);

    fireEvent.change(input, { target: { value: 'Northwind Sales' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add queue name' }));
    expect(chips()).toEqual(['Acme Support', 'Northwind Sales']);
  });

  it('removes a name', () => {
    render(<Harness initial={['A', 'B']} />);
    fireEvent.click(screen.getByRole('button', { name: 'Remove queue A' }));
    expect(chips()).toEqual(['B']);
  });

  it('warns about names Genesys does not know, and only when the Genesys names are known', () => {
    const { unmount } = render(<Harness initial={['Acme Support', 'Old Queue']} known={['Acme Support']} />);
    expect(screen.getByText(/Genesys does not know 'Old Queue'/)).toBeTruthy();
    expect(screen.queryByText(/'Acme Support'/)).toBeNull();
    unmount();
    render(<Harness initial={['Old Queue']} known={null} />);
    expect(screen.queryByText(/Genesys does not know/)).toBeNull();
  });
});
