// @vitest-environment happy-dom
import { createStore, fork } from 'effector';
import { Provider } from 'effector-react';
import { renderToString } from 'react-dom/server';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { remoteFailed, type RemoteFailure } from '@shop/contracts/bus';
import { RemoteBoundary, type RemoteLoader } from './RemoteBoundary.js';
import { $serverFailedPieces } from './serverFailures.js';

const $failures = createStore<RemoteFailure[]>([]).on(remoteFailed, (list, failure) => [...list, failure]);

function Greeting({ name }: { name: string }) {
  return <p>Hei, {name}!</p>;
}

describe('RemoteBoundary', () => {
  it('a piece the server could not render: the fallback first (what the server sent), then it loads it itself', async () => {
    const load = vi.fn<RemoteLoader<{ name: string }>>().mockResolvedValue({ default: Greeting });
    const scope = fork({ values: [[$serverFailedPieces, ['mf_catalog/CategoryPage']]] });
    const page = (
      <Provider value={scope}>
        <RemoteBoundary remote="mf_catalog" module="CategoryPage" props={{ name: 'Kari' }} load={load} />
      </Provider>
    );
    // The server's markup (and so the hydration render's): the fallback, not the loading state.
    expect(renderToString(page)).toContain('Denne delen av siden kunne ikke lastes.');
    expect(load).not.toHaveBeenCalled();
    render(page);
    expect(await screen.findByText('Hei, Kari!')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('shows the Norwegian fallback, reports the failure and loads again on "Prøv igjen"', async () => {
    const load = vi
      .fn<RemoteLoader<{ name: string }>>()
      .mockRejectedValueOnce(new Error('Failed to fetch mf-manifest.json'))
      .mockResolvedValueOnce({ default: Greeting });
    const scope = fork();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);

    render(
      <Provider value={scope}>
        <RemoteBoundary remote="mf_catalog" module="CategoryPage" props={{ name: 'Kari' }} load={load} />
      </Provider>,
    );

    expect(await screen.findByText('Denne delen av siden kunne ikke lastes.')).toBeTruthy();
    expect(scope.getState($failures)).toEqual([
      { remote: 'mf_catalog', module: 'CategoryPage', message: 'Failed to fetch mf-manifest.json' },
    ]);

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Prøv igjen' }));
    });
    expect(await screen.findByText('Hei, Kari!')).toBeTruthy();
    expect(screen.queryByText('Denne delen av siden kunne ikke lastes.')).toBeNull();
    expect(load).toHaveBeenCalledTimes(2);
    expect(load).toHaveBeenCalledWith('mf_catalog', 'CategoryPage');
  });

  it("a piece that fails in the page's first render ends the page's hydration with its fallback, without the wait", async () => {
    vi.resetModules();
    const { RemoteBoundary: Boundary } = await import('./RemoteBoundary.js');
    const { FirstCommit, firstCommit } = await import('../start/firstCommit.js');
    let hydrated = false;
    void firstCommit.then(() => (hydrated = true));
    const load = vi.fn<RemoteLoader<{ name: string }>>().mockRejectedValue(new Error('Failed to fetch remoteEntry.js'));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <Provider value={fork()}>
        <Boundary remote="mf_catalog" module="CategoryPage" props={{ name: 'Kari' }} load={load} />
        <FirstCommit />
      </Provider>,
    );
    expect(await screen.findByText('Denne delen av siden kunne ikke lastes.')).toBeTruthy();
    await act(() => Promise.resolve());
    // Well inside FirstCommit's 3 s wait for a piece whose code has not come.
    expect(hydrated).toBe(true);
  });

  it('calls onShown in the commit that shows the module, not while its code loads', async () => {
    let resolve!: (module: { default: typeof Greeting }) => void;
    const load = vi.fn<RemoteLoader<{ name: string }>>(() => new Promise((done) => (resolve = done)));
    const seen: (string | null)[] = [];
    // What the page holds when onShown runs: the module's markup must already be there.
    const onShown = vi.fn(() => seen.push(document.body.textContent));
    render(
      <Provider value={fork()}>
        <RemoteBoundary remote="mf_catalog" module="SearchBox" fallback="none" props={{ name: 'Kari' }} load={load} onShown={onShown} />
      </Provider>,
    );
    await act(async () => undefined);
    expect(onShown).not.toHaveBeenCalled();
    await act(async () => resolve({ default: Greeting }));
    expect(await screen.findByText('Hei, Kari!')).toBeTruthy();
    expect(onShown).toHaveBeenCalledTimes(1);
    expect(seen).toEqual(['Hei, Kari!']);
  });

  it('catches a remote component that throws while rendering', async () => {
    function Broken(): never {
      throw new Error('boom');
    }
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const scope = fork();
    render(
      <Provider value={scope}>
        <RemoteBoundary remote="mf_content" module="HomePage" load={() => Promise.resolve({ default: Broken })} />
      </Provider>,
    );
    expect(await screen.findByRole('button', { name: 'Prøv igjen' })).toBeTruthy();
    expect(scope.getState($failures)).toEqual([{ remote: 'mf_content', module: 'HomePage', message: 'boom' }]);
  });
});
