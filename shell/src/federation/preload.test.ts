import { createStore } from 'effector';
import { describe, expect, it } from 'vitest';
import { preloadFailed, type RemoteFailure } from '@shop/contracts/bus';
import { PRELOAD_ERROR_EVENT } from '@shop/contracts/constants';
import { preloadRemoteModule, type PreloadErrorEvent } from './preload.js';

const $failures = createStore<RemoteFailure[]>([]).on(preloadFailed, (list, failure) => [...list, failure]);
const failing = () => Promise.reject(new Error('chunk 500'));

describe('preloadRemoteModule', () => {
  it('a successful preload fires nothing', async () => {
    const target = new EventTarget();
    const seen: Event[] = [];
    target.addEventListener(PRELOAD_ERROR_EVENT, (event) => seen.push(event));
    await preloadRemoteModule('mf_catalog', 'ProductPage', () => Promise.resolve({}), target);
    expect(seen).toEqual([]);
  });

  it('a failure fires the preload-error event and the bus event, then rethrows', async () => {
    const target = new EventTarget();
    const seen: PreloadErrorEvent[] = [];
    target.addEventListener(PRELOAD_ERROR_EVENT, (event) => seen.push(event as PreloadErrorEvent));
    const before = $failures.getState().length;
    await expect(preloadRemoteModule('mf_catalog', 'ProductPage', failing, target)).rejects.toThrow('chunk 500');
    expect(seen).toHaveLength(1);
    expect(seen[0].detail).toMatchObject({ remote: 'mf_catalog', module: 'ProductPage', message: 'chunk 500' });
    expect($failures.getState().slice(before)).toEqual([{ remote: 'mf_catalog', module: 'ProductPage', message: 'chunk 500' }]);
  });

  it('a listener that handles the event (preventDefault) stops the rethrow', async () => {
    const target = new EventTarget();
    target.addEventListener(PRELOAD_ERROR_EVENT, (event) => event.preventDefault());
    await expect(preloadRemoteModule('mf_content', 'StaticPage', failing, target)).resolves.toBeUndefined();
  });
});
