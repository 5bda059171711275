/**
 * The shell's built server entry (shell/dist/server/main.cjs, rspack.server.mjs), loaded at run time (issue 22): the
 * API runs it to render pages and holds no markup of its own; null while it is not built.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Readable } from 'node:stream';
import type { RenderRequest } from '@shop/contracts/ssr';

export interface RenderedPage {
  status: number;
  redirect?: string;
  body: Readable;
}

export interface ShellRenderer {
  renderPage(request: RenderRequest): Promise<RenderedPage>;
}

const require = createRequire(import.meta.url);

/**
 * The renderer is loaded once per process, from the first build it finds. A shell rebuilt while the server runs is
 * NOT loaded again: the federation runtime keeps its share scope and the remotes' loaded modules on globalThis, so a
 * second shell instance in the same process renders remote pages against the first one's react-router context
 * ("<Router> inside another <Router>"). The shell is the host: a new shell build needs a restart (logged once). The
 * remotes need none: the renderer registers a remote's rebuilt server entry again (shell/src/server/remoteRegistry.ts).
 */
export function shellRendererReader(file: string, warn: (message: string) => void = console.warn): () => Promise<ShellRenderer | null> {
  let loaded: { mtimeMs: number; size: number; renderer: Promise<ShellRenderer> } | null = null;
  let warned = false;
  return async () => {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(file);
    } catch {
      // Not built yet; or removed while running (a rebuild in progress): keep rendering with what is loaded.
      return loaded ? loaded.renderer : null;
    }
    if (!loaded) {
      // The entry starts asynchronously (federation's async startup): its exports come as a promise.
      const renderer = Promise.resolve(require(file) as ShellRenderer | Promise<ShellRenderer>).then((exports) => {
        if (typeof exports?.renderPage !== 'function') throw new Error(`${file} does not export renderPage`);
        return exports;
      });
      // A failed load is tried again on the next request (a half-written build), not remembered.
      renderer.catch(() => {
        delete require.cache[require.resolve(file)];
        loaded = null;
      });
      loaded = { mtimeMs: stat.mtimeMs, size: stat.size, renderer };
    } else if (!warned && (loaded.mtimeMs !== stat.mtimeMs || loaded.size !== stat.size)) {
      warned = true;
      warn(`${file} changed: the server keeps rendering with the shell it started with; restart it to use the new shell build (remotes are picked up without a restart)`);
    }
    return loaded.renderer;
  };
}
