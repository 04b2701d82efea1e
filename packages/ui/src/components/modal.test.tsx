// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Modal } from './modal';

afterEach(cleanup);

describe('Modal', () => {
  it('is a dialog named by its title and described by its description', () => {
    render(
      <Modal open onOpenChange={() => {}} title="Run Billing Job" description="Choose a period and queues.">
        <p>Body</p>
      </Modal>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Run Billing Job' });
    const descriptionId = dialog.getAttribute('aria-describedby');
    expect(descriptionId).toBeTruthy();
    expect(document.getElementById(descriptionId ?? '')?.textContent).toBe('Choose a period and queues.');
  });

  it('shows its body and footer', () => {
    render(
      <Modal open onOpenChange={() => {}} title="Job Details" footer={<button type="button">Done</button>}>
        <p>Invoices: 3</p>
      </Modal>,
    );
    expect(screen.getByText('Invoices: 3')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Done' })).toBeTruthy();
  });

  it('renders nothing while closed', () => {
    render(<Modal open={false} onOpenChange={() => {}} title="Job Details" />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks to close from the close button and from Escape', () => {
    const onOpenChange = vi.fn();
    render(<Modal open onOpenChange={onOpenChange} title="Job Details" />);

    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });

    expect(onOpenChange.mock.calls).toEqual([[false], [false]]);
  });
});

describe('Modal focus', () => {
  it('gives focus back to the button that opened it when it closes', async () => {
    const { useState } = await import('react');
    function Harness() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Open details
          </button>
          <Modal open={open} onOpenChange={setOpen} title="Create New Region">
            {/* A field that takes focus as the dialog opens must not become "the opener". */}
            <input aria-label="Region Name" autoFocus />
          </Modal>
        </>
      );
    }
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Open details' });
    opener.focus();
    fireEvent.click(opener);
    await vi.waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Region Name' })));
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await vi.waitFor(() => expect(document.activeElement).toBe(opener));
  });
});
