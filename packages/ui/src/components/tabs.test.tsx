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
});
