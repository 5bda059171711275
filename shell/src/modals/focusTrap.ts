const FOCUSABLE = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  'summary',
  '[contenteditable="true"]',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/** Keyboard-reachable elements inside a container, in tab order of the document (hidden ones left out). */
export function focusableIn(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (element) => !element.closest('[hidden], [inert]') && element.getAttribute('aria-hidden') !== 'true',
  );
}

/**
 * Where Tab goes inside a trap: past the last element back to the first, before the first (Shift+Tab) to the last.
 * `current` is -1 when focus is on the container itself or outside it. Null: let the browser move focus.
 */
export function wrapFocus(current: number, count: number, backwards: boolean): number | null {
  if (count === 0) return null;
  if (current < 0) return backwards ? count - 1 : 0;
  if (backwards && current === 0) return count - 1;
  if (!backwards && current === count - 1) return 0;
  return null;
}

/** Keydown handler body: keeps Tab and Shift+Tab inside `container`. Returns true when it moved focus. */
export function trapTab(event: KeyboardEvent | { key: string; shiftKey: boolean; preventDefault(): void }, container: HTMLElement): boolean {
  if (event.key !== 'Tab') return false;
  const elements = focusableIn(container);
  const active = container.ownerDocument.activeElement;
  const index = elements.findIndex((element) => element === active);
  const next = wrapFocus(index, elements.length, event.shiftKey);
  if (next === null) {
    if (elements.length === 0) event.preventDefault();
    return false;
  }
  event.preventDefault();
  elements[next].focus();
  return true;
}
