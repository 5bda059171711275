// @vitest-environment happy-dom
/**
 * Text typed into the server's markup before hydration reaches the page's state (typedBeforeHydration.ts), with
 * React's real hydration: first what React does alone (the text is lost at the next render), then with the shell's
 * hand-over, in the layout and in a remote boundary that hydrates later.
 */
import { Suspense, lazy, useState, type ComponentType, type ReactElement } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { handTypedTextToReact, typedBeforeHydration } from './typedBeforeHydration.js';

let root: Root | undefined;
let container: HTMLElement;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  container?.remove();
  vi.resetModules();
});

/** A checkout-like form: a controlled name field, a textarea, and something else that renders the form again. */
function ContactForm({ seen }: { seen?: (name: string) => void }) {
  const [name, setName] = useState('');
  // Empty on the server: React's hydration writes a textarea's non-empty server text over whatever was typed.
  const [comment, setComment] = useState('');
  const [renders, setRenders] = useState(0);
  return (
    <form>
      <input
        aria-label="Navn"
        value={name}
        onChange={(event) => {
          setName(event.target.value);
          seen?.(event.target.value);
        }}
      />
      <textarea aria-label="Kommentar" value={comment} onChange={(event) => setComment(event.target.value)} />
      <input aria-label="Nyhetsbrev" type="checkbox" defaultChecked={false} />
      <button type="button" onClick={() => setRenders(renders + 1)}>
        Oppdater
      </button>
      <output>
        {name}|{comment}
      </output>
    </form>
  );
}

function serverMarkup(page: ReactElement): HTMLElement {
  container = document.createElement('div');
  container.innerHTML = renderToString(page);
  document.body.append(container);
  return container;
}

const field = (label: string) => container.querySelector<HTMLInputElement>(`[aria-label="${label}"]`)!;
/** What a shopper's keyboard does to a field React has not hydrated: the browser's own text, no React event. */
const typeBeforeHydration = (label: string, text: string) => {
  field(label).value = text;
};
const renderAgain = () => act(() => container.querySelector('button')!.click());

describe('text typed before hydration', () => {
  it("is lost at the next render when nobody hands it over (React's own behaviour, which this module exists for)", async () => {
    serverMarkup(<ContactForm />);
    typeBeforeHydration('Navn', 'Kari Nordmann');
    await act(async () => {
      root = hydrateRoot(container, <ContactForm />);
    });
    expect(field('Navn').value).toBe('Kari Nordmann');
    renderAgain();
    expect(field('Navn').value).toBe('');
  });

  it("reaches the field's onChange once hydrated, and stays through later renders", async () => {
    serverMarkup(<ContactForm />);
    typeBeforeHydration('Navn', 'Kari Nordmann');
    typeBeforeHydration('Kommentar', 'ring på');
    const seen = vi.fn();
    await act(async () => {
      root = hydrateRoot(container, <ContactForm seen={seen} />);
    });
    const typed = typedBeforeHydration(container);
    expect(typed.map((t) => t.text)).toEqual(['Kari Nordmann', 'ring på']);
    await act(async () => handTypedTextToReact(typed));
    expect(seen).toHaveBeenCalledOnce();
    expect(seen).toHaveBeenCalledWith('Kari Nordmann');
    expect(container.querySelector('output')!.textContent).toBe('Kari Nordmann|ring på');
    renderAgain();
    expect(field('Navn').value).toBe('Kari Nordmann');
    expect(field('Kommentar').value).toBe('ring på');
  });

  it('leaves untouched fields, fields React does not hold yet, and fields already looked at', async () => {
    serverMarkup(<ContactForm />);
    // Not React's: a field outside the hydrated root keeps its text and gets no event.
    const outside = document.createElement('input');
    outside.value = 'utenfor';
    const events = vi.fn();
    outside.addEventListener('input', events);
    document.body.append(outside);
    expect(typedBeforeHydration()).toEqual([]);

    const seen = vi.fn();
    await act(async () => {
      root = hydrateRoot(container, <ContactForm seen={seen} />);
    });
    // Untouched since the server's render: nothing to hand over.
    expect(typedBeforeHydration(container)).toEqual([]);
    // Typed after hydration, through React: the next look (another boundary's commit) takes it for nothing.
    typeBeforeHydration('Navn', 'etterpå');
    expect(typedBeforeHydration(container)).toEqual([]);
    expect(events).not.toHaveBeenCalled();
    expect(outside.value).toBe('utenfor');
    outside.remove();
  });

  it('in a remote boundary that hydrates after the layout, reaches it when that boundary commits', async () => {
    // The shell's pieces, as the page renders them: the layout, then a remote module in its Suspense boundary.
    const { HydrationMark, useHydrationToken, FirstCommit } = await import('./firstCommit.js');
    function Boundary({ Piece }: { Piece: ComponentType }) {
      const token = useHydrationToken(() => true);
      return (
        <Suspense fallback={<p>laster</p>}>
          <Piece />
          <HydrationMark token={token} />
        </Suspense>
      );
    }
    const seen = vi.fn();
    serverMarkup(
      <main>
        <Boundary Piece={() => <ContactForm />} />
        <FirstCommit />
      </main>,
    );
    let release: () => void = () => undefined;
    const Late = lazy(
      () =>
        new Promise<{ default: () => ReactElement }>((resolve) => {
          release = () => resolve({ default: () => <ContactForm seen={seen} /> });
        }),
    );
    await act(async () => {
      root = hydrateRoot(
        container,
        <main>
          <Boundary Piece={Late} />
          <FirstCommit />
        </main>,
      );
    });
    // The layout has hydrated, the boundary's code has not arrived: the shopper types into its server markup.
    typeBeforeHydration('Navn', 'Kari Nordmann');
    await act(async () => {
      release();
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    await act(() => Promise.resolve());
    expect(seen).toHaveBeenCalledWith('Kari Nordmann');
    renderAgain();
    expect(field('Navn').value).toBe('Kari Nordmann');
    expect(container.querySelector('output')!.textContent).toBe('Kari Nordmann|');
  });

  it('a boundary that a later navigation mounts hands nothing over (its fields never held server text)', async () => {
    const { HydrationMark, useHydrationToken, FirstCommit } = await import('./firstCommit.js');
    const changed = vi.fn();
    function Later() {
      const token = useHydrationToken(() => true);
      return (
        <>
          {/* Text that differs from its default by the time the boundary commits (as a shopper's would). */}
          <input aria-label="Senere" defaultValue="" onChange={changed} ref={(node) => void (node && (node.value = 'skrevet'))} />
          <HydrationMark token={token} />
        </>
      );
    }
    function Page({ later }: { later: boolean }) {
      return (
        <main>
          <ContactForm />
          {later && <Later />}
          <FirstCommit />
        </main>
      );
    }
    serverMarkup(<Page later={false} />);
    await act(async () => {
      root = hydrateRoot(container, <Page later={false} />);
    });
    await act(async () => root!.render(<Page later />));
    await act(() => Promise.resolve());
    expect(field('Senere').value).toBe('skrevet');
    expect(changed).not.toHaveBeenCalled();
  });
});
