// @vitest-environment happy-dom
import { useState } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Modal } from './Modal.js';
import { wrapFocus } from './focusTrap.js';

function Harness({ onClose }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Åpne
      </button>
      <Modal
        open={open}
        title="Min Handlekurv"
        onClose={() => {
          onClose?.();
          setOpen(false);
        }}
      >
        <a href="/checkout">Til kassen</a>
        <button type="button">Fjern</button>
      </Modal>
    </>
  );
}

describe('wrapFocus', () => {
  it.each([
    { current: 2, count: 3, backwards: false, next: 0 },
    { current: 0, count: 3, backwards: true, next: 2 },
    { current: 1, count: 3, backwards: false, next: null },
    { current: 1, count: 3, backwards: true, next: null },
    { current: -1, count: 3, backwards: false, next: 0 },
    { current: -1, count: 3, backwards: true, next: 2 },
    { current: -1, count: 0, backwards: false, next: null },
  ])('$current of $count, backwards $backwards → $next', ({ current, count, backwards, next }) => {
    expect(wrapFocus(current, count, backwards)).toBe(next);
  });
});

describe('Modal', () => {
  it('is an aria-modal dialog labelled by its title, shown only when open', () => {
    render(<Harness />);
    const dialog = document.querySelector('dialog')!;
    expect(dialog.open).toBe(false);
    fireEvent.click(screen.getByText('Åpne'));
    expect(dialog.open).toBe(true);
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const title = document.getElementById(dialog.getAttribute('aria-labelledby')!);
    expect(title?.textContent).toBe('Min Handlekurv');
    expect(screen.getByText('Til kassen')).toBeTruthy();
  });

  it('Esc closes it and focus returns to the opener', () => {
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    const opener = screen.getByText('Åpne');
    opener.focus();
    fireEvent.click(opener);
    const dialog = document.querySelector('dialog')!;
    act(() => {
      fireEvent.keyDown(dialog, { key: 'Escape' });
    });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(dialog.open).toBe(false);
    expect(document.activeElement).toBe(opener);
  });

  it('Tab wraps from the last element to the first and Shift+Tab back', () => {
    render(<Harness />);
    fireEvent.click(screen.getByText('Åpne'));
    const dialog = document.querySelector('dialog')!;
    const close = screen.getByRole('button', { name: 'Lukk' });
    const last = screen.getByRole('button', { name: 'Fjern' });
    last.focus();
    fireEvent.keyDown(dialog, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(dialog, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);
  });

  it('the close button and a backdrop click close it', () => {
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    fireEvent.click(screen.getByText('Åpne'));
    fireEvent.click(screen.getByRole('button', { name: 'Lukk' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByText('Åpne'));
    fireEvent.click(document.querySelector('dialog')!);
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
