/** Storage reads wait for the hydration of a server-rendered page (hydration.ts), and only then. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAGE_DATA_ELEMENT_ID } from './pageData.js';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

/** A document with or without the server's PageData element. */
const documentWith = (pageData: boolean) => ({ getElementById: (id: string) => (pageData && id === PAGE_DATA_ELEMENT_ID ? {} : null) });

describe('afterHydration', () => {
  it.each([
    ['no document (the server)', undefined],
    ['a page the server did not render', documentWith(false)],
  ])('reads at once on %s', async (_, doc) => {
    if (doc) vi.stubGlobal('document', doc);
    const { afterHydration } = await import('./hydration.js');
    const read = vi.fn();
    afterHydration(read);
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('on a server-rendered page, reads once the shell says it has hydrated, and at once after that', async () => {
    vi.stubGlobal('document', documentWith(true));
    const { afterHydration, pageHydrated } = await import('./hydration.js');
    const first = vi.fn();
    afterHydration(first);
    expect(first).not.toHaveBeenCalled();
    pageHydrated();
    expect(first).toHaveBeenCalledTimes(1);
    const later = vi.fn();
    afterHydration(later);
    expect(later).toHaveBeenCalledTimes(1);
    pageHydrated();
    expect(first).toHaveBeenCalledTimes(1);
  });
});

describe('$pageHydrated', () => {
  it.each([
    ['no document (the server renders the not-yet-hydrated markup)', undefined, false],
    ['a page the server did not render (the browser renders it: ready at once)', documentWith(false), true],
    ['a server-rendered page, before hydration', documentWith(true), false],
  ])('starts %s', async (_, doc, expected) => {
    if (doc) vi.stubGlobal('document', doc);
    const { $pageHydrated } = await import('./hydration.js');
    expect($pageHydrated.getState()).toBe(expected);
  });

  it('turns true when the shell says the server-rendered page has hydrated', async () => {
    vi.stubGlobal('document', documentWith(true));
    const { $pageHydrated, pageHydrated } = await import('./hydration.js');
    pageHydrated();
    expect($pageHydrated.getState()).toBe(true);
  });
});
