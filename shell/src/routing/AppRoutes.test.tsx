// @vitest-environment happy-dom
/** The route table meets the declarations: a declared route mounts its remote's page, an undeclared one the fallback. */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { texts } from '../texts.js';

// Each remote page renders its own name, so the test sees which remote module the route table mounted.
vi.mock('../federation/loadRemoteModule.js', () => ({
  loadedRemoteModule: () => undefined,
  loadRemoteModule: async (remote: string, module: string) => ({ default: () => <p>{`${remote}/${module}`}</p> }),
}));

const { AppRoutes } = await import('./AppRoutes.js');
const { declarationsRetried, remoteDeclared, remotesDeclared } = await import('../federation/compositionModel.js');

function show(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AppRoutes />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  // A fixture registry: the blog's remote is up, the catalogue's could not be read (down when the page was composed).
  remotesDeclared([
    { name: 'mf_blog', startup: { model: 'first-piece', screens: { blog: 'BlogListPage', home: 'HomePage' } } },
    { name: 'mf_shelf', startup: null },
  ]);
});

describe('AppRoutes with the declared screens', () => {
  it('a declared route mounts the module its remote declares', async () => {
    show('/blogg');
    expect(await screen.findByText('mf_blog/BlogListPage')).toBeTruthy();
  });

  it('a known route no remote declares shows the remote fallback with a retry, not "not found"', () => {
    show('/vintersport');
    expect(screen.getByRole('alert').textContent).toContain(texts.remoteFailed);
    expect(screen.queryByText(texts.notFound.title)).toBeNull();
  });

  it('"Prøv igjen" asks the undeclared remotes again; a declaration that arrives shows the page', async () => {
    const retried = vi.fn();
    const unwatch = declarationsRetried.watch(retried);
    show('/vintersport');
    fireEvent.click(screen.getByRole('button', { name: texts.retry }));
    expect(retried).toHaveBeenCalledTimes(1);
    act(() => remoteDeclared({ name: 'mf_shelf', startup: { model: 'first-piece', screens: { category: 'CategoryPage' } } }));
    expect(await screen.findByText('mf_shelf/CategoryPage')).toBeTruthy();
    unwatch.unsubscribe();
  });

  it('a path no route pattern matches is "not found"', () => {
    show('/a/b/c/d');
    expect(screen.getByText(texts.notFound.title)).toBeTruthy();
  });
});
