import { registerRemotes } from '@module-federation/enhanced/runtime';
import type { RenderedModule } from '@shop/contracts/ssr';
import type { RemoteStartup } from '@shop/contracts/types';
import { composeRemotes, type DeclaredRemote } from '../federation/composition.js';
import { fetchDeclaration } from '../federation/declarations.js';
import { forgetRemoteModules } from '../federation/loadRemoteModule.js';
import { serverEntryUrl } from '../federation/remotes.js';
import { LOAD_TIMEOUT_MS } from './loadTimeout.js';

/**
 * The remotes' server entries, registered with the federation runtime of the server (issue 22). Registered again
 * (force) only when the registry names another entry or an entry's file changed (its ETag / Last-Modified), checked
 * at most every CHECK_MS: a remote rebuilt in place, or moved in /remotes.json, is rendered by the running server
 * without a restart. The browser manifests come along: they list each exposed module's CSS and JS. So do the remotes'
 * declarations (startup.json beside each browser manifest: the screens and pieces each renders), read again on the
 * same change (another entry, or its file changed) and while one could not be read; a remote whose declaration
 * cannot be read again keeps the one it had (its screens then fail to load and show their fallback, as before).
 * An entry's stamp and declaration are among the pieces a page waits for, so their reads wait as long (loadTimeout.ts).
 */
const CHECK_MS = 2000;

interface ManifestExpose {
  name: string;
  assets?: { js?: { sync?: string[] }; css?: { sync?: string[]; async?: string[] } };
}
interface Manifest {
  exposes?: ManifestExpose[];
  metaData?: { remoteEntry?: { name?: string; path?: string } };
}

interface KnownRemote {
  /** The registry's URL of the browser manifest, as the browser sees it (maybe relative). */
  browserManifest: string;
  serverEntry: string;
  stamp: string;
  manifest: Manifest | null;
  /** Its checked declaration, or null while it could not be read. */
  startup: RemoteStartup | null;
}

const known = new Map<string, KnownRemote>();
let checkedAt = 0;
let checkedRegistry = '';
let checking: Promise<void> | null = null;

async function entryStamp(url: string): Promise<string> {
  try {
    const response = await fetch(url, { method: 'HEAD', signal: AbortSignal.timeout(LOAD_TIMEOUT_MS) });
    if (!response.ok) return `status ${response.status}`;
    return response.headers.get('etag') ?? response.headers.get('last-modified') ?? response.headers.get('content-length') ?? '';
  } catch {
    return 'unreachable';
  }
}

async function fetchManifest(url: string): Promise<Manifest | null> {
  try {
    const response = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(LOAD_TIMEOUT_MS) });
    return response.ok ? ((await response.json()) as Manifest) : null;
  } catch {
    return null;
  }
}

async function check(registry: Record<string, string>, serverOrigin: string): Promise<void> {
  const changed: { name: string; entry: string }[] = [];
  await Promise.all(
    Object.entries(registry).map(async ([name, browserManifest]) => {
      const manifestUrl = new URL(browserManifest, serverOrigin).href;
      const serverEntry = serverEntryUrl(manifestUrl);
      const before = known.get(name);
      // A remote new here, moved, or not yet readable: its declaration is read alongside the entry's stamp.
      const unknown = !before || before.startup === null || before.browserManifest !== browserManifest;
      // Said once: a remote that stays unreadable is asked again at every check, without a warning each time.
      const warn = !before || before.browserManifest !== browserManifest || before.startup !== null;
      const read = () => fetchDeclaration({ name, entry: manifestUrl }, { timeoutMs: LOAD_TIMEOUT_MS, warn });
      const [stamp, manifest, fresh] = await Promise.all([entryStamp(serverEntry), fetchManifest(manifestUrl), unknown ? read() : null]);
      const entryChanged = !before || before.serverEntry !== serverEntry || before.stamp !== stamp;
      let startup = fresh;
      // A known remote rebuilt in place may declare otherwise now; one that cannot be read keeps what it declared.
      if (!unknown) startup = entryChanged ? ((await read()) ?? before.startup) : before.startup;
      if (entryChanged) changed.push({ name, entry: serverEntry });
      known.set(name, { browserManifest, serverEntry, stamp, manifest, startup });
    }),
  );
  for (const name of known.keys()) if (!(name in registry)) known.delete(name);
  const declared = declaredRemotes(registry);
  const key = JSON.stringify(declared);
  if (key !== declaredKey) {
    declaredKey = key;
    for (const problem of composeRemotes(declared).problems) console.warn(`[shell] remote declarations: ${problem}`);
  }
  if (changed.length === 0) return;
  for (const { name } of changed) forgetRemoteModules(name);
  registerRemotes(changed, { force: true });
}

/** The declarations last logged about (collisions are reported once per change, not per request). */
let declaredKey = '';

/**
 * The registry's remotes with their declarations, in registry order, as of the last refreshRemotes: what the page
 * is composed from (a remote not yet checked, or never readable, declares nothing).
 */
export function declaredRemotes(registry: Record<string, string>): DeclaredRemote[] {
  return Object.keys(registry).map((name) => ({ name, startup: known.get(name)?.startup ?? null }));
}

/** Brings the registered remotes up to date with the registry (cheap when nothing changed in the last CHECK_MS). */
export async function refreshRemotes(registry: Record<string, string>, serverOrigin: string): Promise<void> {
  const key = JSON.stringify(registry);
  if (key === checkedRegistry && Date.now() - checkedAt < CHECK_MS) return;
  checking ??= check(registry, serverOrigin).finally(() => {
    checkedAt = Date.now();
    checkedRegistry = key;
    checking = null;
  });
  await checking;
}

export interface RemoteAssets {
  css: string[];
  /** Scripts to preload: each remote's entry and the module's own chunks. */
  js: string[];
}

/** A manifest's file as the browser addresses it: relative registry URLs stay relative to the page's origin. */
function browserUrl(browserManifest: string, file: string): string {
  const absolute = /^[a-z][a-z0-9+.-]*:/i.test(browserManifest);
  const url = new URL(file, new URL(browserManifest, 'http://relative.invalid'));
  return absolute ? url.href : `${url.pathname}${url.search}`;
}

/** The CSS and JS the browser needs for the rendered modules (from each remote's browser manifest). */
export function pageAssets(modules: readonly RenderedModule[]): RemoteAssets {
  const css = new Set<string>();
  const js = new Set<string>();
  for (const { remote, module } of modules) {
    const entry = known.get(remote);
    const expose = entry?.manifest?.exposes?.find((item) => item.name === module);
    if (!entry || !expose) continue;
    const remoteEntry = entry.manifest?.metaData?.remoteEntry;
    js.add(browserUrl(entry.browserManifest, `${remoteEntry?.path ? `${remoteEntry.path}/` : ''}${remoteEntry?.name ?? 'remoteEntry.js'}`));
    for (const file of [...(expose.assets?.css?.sync ?? []), ...(expose.assets?.css?.async ?? [])]) css.add(browserUrl(entry.browserManifest, file));
    for (const file of expose.assets?.js?.sync ?? []) js.add(browserUrl(entry.browserManifest, file));
  }
  return { css: [...css], js: [...js] };
}
