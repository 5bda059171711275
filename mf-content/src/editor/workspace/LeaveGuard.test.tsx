// @vitest-environment happy-dom
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Link, MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { LeaveGuard } from './LeaveGuard.js';

function Screen({ startDirty }: { startDirty: boolean }) {
  const [dirty, setDirty] = useState(startDirty);
  return (
    <>
      <LeaveGuard dirty={dirty} onLeave={() => setDirty(false)} />
      <Link to="/redaksjon">Til oversikten</Link>
      <a href="/blogg/ull?forhandsvisning=1" target="_blank" rel="noopener">
        Forhåndsvis
      </a>
      <output data-testid="dirty">{String(dirty)}</output>
    </>
  );
}

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function setup(startDirty: boolean) {
  render(
    <MemoryRouter initialEntries={['/redaksjon/innlegg/5']}>
      <Routes>
        <Route path="*" element={<Screen startDirty={startDirty} />} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
  const dialog = () => document.querySelector('dialog')!;
  return { dialog, where: () => screen.getByTestId('where').textContent };
}

describe('LeaveGuard', () => {
  it('lets a link through when nothing is unsaved', () => {
    const { dialog, where } = setup(false);
    fireEvent.click(screen.getByRole('link', { name: 'Til oversikten' }));
    expect(where()).toBe('/redaksjon');
    expect(dialog().open).toBe(false);
  });

  it('asks before following an in-app link with unsaved changes; "Bli på siden" stays', () => {
    const { dialog, where } = setup(true);
    fireEvent.click(screen.getByRole('link', { name: 'Til oversikten' }));
    expect(where()).toBe('/redaksjon/innlegg/5');
    expect(dialog().open).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Bli på siden', hidden: true }));
    expect(dialog().open).toBe(false);
    expect(where()).toBe('/redaksjon/innlegg/5');
    expect(screen.getByTestId('dirty').textContent).toBe('true');
  });

  it('"Forlat uten å lagre" goes where the link pointed and forgets the changes', () => {
    const { where } = setup(true);
    fireEvent.click(screen.getByRole('link', { name: 'Til oversikten' }));
    fireEvent.click(screen.getByRole('button', { name: 'Forlat uten å lagre', hidden: true }));
    expect(where()).toBe('/redaksjon');
    expect(screen.getByTestId('dirty').textContent).toBe('false');
  });

  it('leaves a link that opens a new tab alone', () => {
    const { dialog } = setup(true);
    // The test's document has no second tab to open: stop the click once the guard has seen it (bubbling, last).
    window.addEventListener('click', (event) => event.preventDefault(), { once: true });
    fireEvent.click(screen.getByRole('link', { name: 'Forhåndsvis' }));
    expect(dialog().open).toBe(false);
  });

  it('asks the browser before the tab closes with unsaved changes', () => {
    setup(true);
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
  });
});

/** A stand-in for window.navigation (jsdom has none): it dispatches `navigate` events and records traverseTo. */
class FakeNavigation extends EventTarget {
  traversed: string[] = [];
  traverseTo(key: string) {
    this.traversed.push(key);
    // The guard's own traversal comes back through its listener, as the browser's would.
    return this.go(key);
  }
  go(key: string, cancelable = true): boolean {
    const event = Object.assign(new Event('navigate', { cancelable }), {
      navigationType: 'traverse',
      destination: { url: 'http://localhost/redaksjon', key, sameDocument: true },
    });
    return this.dispatchEvent(event);
  }
}

describe('LeaveGuard and Back/Forward (Navigation API)', () => {
  const withNavigation = (navigation: FakeNavigation | undefined) => {
    Object.defineProperty(window, 'navigation', { value: navigation, configurable: true, writable: true });
  };

  it.each([
    { name: 'unsaved changes: Back is stopped and asked about', dirty: true, cancelable: true, stopped: true },
    { name: 'nothing unsaved: Back goes through', dirty: false, cancelable: true, stopped: false },
    { name: 'a traversal the browser will not let a page stop: not asked about', dirty: true, cancelable: false, stopped: false },
  ])('$name', ({ dirty, cancelable, stopped }) => {
    const navigation = new FakeNavigation();
    withNavigation(navigation);
    try {
      const { dialog } = setup(dirty);
      let went = true;
      act(() => {
        went = navigation.go('entry-1', cancelable);
      });
      expect(went).toBe(!stopped);
      expect(dialog().open).toBe(stopped);
    } finally {
      withNavigation(undefined);
    }
  });

  it('"Forlat uten å lagre" goes to the history entry Back was pressed for, once', () => {
    const navigation = new FakeNavigation();
    withNavigation(navigation);
    try {
      const { dialog } = setup(true);
      act(() => {
        navigation.go('entry-1');
      });
      fireEvent.click(screen.getByRole('button', { name: 'Forlat uten å lagre', hidden: true }));
      expect(navigation.traversed).toEqual(['entry-1']);
      expect(dialog().open).toBe(false);
      expect(screen.getByTestId('dirty').textContent).toBe('false');
    } finally {
      withNavigation(undefined);
    }
  });
});
