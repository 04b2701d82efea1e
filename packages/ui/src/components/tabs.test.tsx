// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs';

afterEach(cleanup);

describe('Tabs', () => {
  it('shows the chosen tab and a count on a trigger', () => {
    render(
      <Tabs defaultValue="overview">
        <TabsList aria-label="Regions and teams">
          <TabsTrigger value="overview">Overview</TabsTrigger>
          <TabsTrigger value="unassigned" count={3}>
            Unassigned Queues
          </TabsTrigger>
        </TabsList>
        <TabsContent value="overview">Tree</TabsContent>
        <TabsContent value="unassigned">Queue list</TabsContent>
      </Tabs>,
    );
    const unassigned = screen.getByRole('tab', { name: 'Unassigned Queues 3' });
    expect(screen.getByRole('tabpanel').textContent).toBe('Tree');

    // Radix activates tabs on mousedown (and on focus for keyboard users), not on click.
    fireEvent.mouseDown(unassigned);

    expect(unassigned.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toBe('Queue list');
  });

  it('writes a large count with thousands separators, as the counts beside it are', () => {
    render(
      <Tabs defaultValue="calls">
        <TabsList aria-label="Genesys">
          <TabsTrigger value="calls" count={7206}>
            Calls
          </TabsTrigger>
        </TabsList>
      </Tabs>,
    );
    expect(screen.getByRole('tab', { name: 'Calls 7,206' })).toBeTruthy();
  });

  it('moves between tabs with the arrow keys, Home and End, one tab stop for the strip', () => {
    const shown: string[] = [];
    render(
      <Tabs defaultValue="a" onValueChange={(value) => shown.push(value)}>
        <TabsList aria-label="Parts">
          <TabsTrigger value="a">A</TabsTrigger>
          <TabsTrigger value="b" disabled>
            B
          </TabsTrigger>
          <TabsTrigger value="c">C</TabsTrigger>
        </TabsList>
        <TabsContent value="a">Panel A</TabsContent>
        <TabsContent value="b">Panel B</TabsContent>
        <TabsContent value="c">Panel C</TabsContent>
      </Tabs>,
    );
    const [a, , c] = screen.getAllByRole('tab');
    expect([a!.tabIndex, c!.tabIndex]).toEqual([0, -1]);
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(a!.id);
    expect(a!.getAttribute('aria-controls')).toBe(screen.getByRole('tabpanel').id);

    a!.focus();
    fireEvent.keyDown(a!, { key: 'ArrowRight' }); // past the disabled tab
    expect(document.activeElement).toBe(c);
    expect(screen.getByRole('tabpanel').textContent).toBe('Panel C');
    expect([a!.tabIndex, c!.tabIndex]).toEqual([-1, 0]);
    fireEvent.keyDown(c!, { key: 'ArrowRight' }); // round the end
    expect(document.activeElement).toBe(a);
    fireEvent.keyDown(a!, { key: 'End' });
    expect(document.activeElement).toBe(c);
    fireEvent.keyDown(c!, { key: 'Home' });
    expect(document.activeElement).toBe(a);
    expect(shown).toEqual(['c', 'a', 'c', 'a']);
    // The hidden panels stay in the page, empty, as Radix left them.
    expect(screen.getAllByRole('tabpanel', { hidden: true }).map((panel) => panel.hidden)).toEqual([false, true, true]);
  });
});
