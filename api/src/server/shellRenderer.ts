/**
 * The shell's built server entry (shell/dist/server/main.cjs, rspack.server.mjs), loaded at run time (issue 22): the
 * API runs it to render pages and holds no markup of its own. Loaded again when the file changes (the shell rebuilt
 * while the server runs); null while it is not built.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Readable } from 'node:stream';

/** What the shell's renderer takes (shell/src/server/render.tsx RenderRequest; the API imports no front-end code). */
export interface RenderRequest {
  url: string;
  publicOrigin: string;
  remotes: Record<string, string>;
  serverOrigin: string;
  template: string;
  csrfToken: string;
  nonce: string;
  cookie: string;
  signedIn: boolean;
  userAgent: string;
  transport: (request: { method: string; url: string; params?: Record<string, unknown>; data?: unknown }) => Promise<{ status: number; data: unknown }>;
}

export interface RenderedPage {
  status: number;
  redirect?: string;
  body: Readable;
}

export interface ShellRenderer {
  renderPage(request: RenderRequest): Promise<RenderedPage>;
}

const require = createRequire(import.meta.url);

export function shellRendererReader(file: string): () => Promise<ShellRenderer | null> {
  let cached: { mtimeMs: number; size: number; renderer: Promise<ShellRenderer> } | null = null;
  return async () => {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(file);
    } catch {
      cached = null;
      return null;
    }
    if (!cached || cached.mtimeMs !== stat.mtimeMs || cached.size !== stat.size) {
      delete require.cache[require.resolve(file)];
      // The entry starts asynchronously (federation's async startup): its exports come as a promise.
      const renderer = Promise.resolve(require(file) as ShellRenderer | Promise<ShellRenderer>).then((loaded) => {
        if (typeof loaded?.renderPage !== 'function') throw new Error(`${file} does not export renderPage`);
        return loaded;
      });
      cached = { mtimeMs: stat.mtimeMs, size: stat.size, renderer };
    }
    return cached.renderer;
  };
}
