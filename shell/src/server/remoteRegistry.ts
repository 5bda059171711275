import { registerRemotes } from '@module-federation/enhanced/runtime';
import type { RenderedModule } from '@shop/contracts/ssr';
import { forgetRemoteModules } from '../federation/loadRemoteModule.js';
import { serverEntryUrl } from '../federation/remotes.js';

/**
 * The remotes' server entries, registered with the federation runtime of the server (issue 22). Registered again
 * (force) only when the registry names another entry or an entry's file changed (its ETag / Last-Modified), checked
 * at most every CHECK_MS: a remote rebuilt in place, or moved in /remotes.json, is rendered by the running server
 * without a restart. The browser manifests come along: they list each exposed module's CSS and JS.
 */
const CHECK_MS = 2000;
const FETCH_TIMEOUT_MS = 2000;

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
}

const known = new Map<string, KnownRemote>();
let checkedAt = 0;
let checkedRegistry = '';
let checking: Promise<void> | null = null;

async function entryStamp(url: string): Promise<string> {
  try {
    const response = await fetch(url, { method: 'HEAD', signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
    if (!response.ok) return `status ${response.status}`;
    return response.headers.get('etag') ?? response.headers.get('last-modified') ?? response.headers.get('content-length') ?? '';
  } catch {
    return 'unreachable';
  }
}

async function fetchManifest(url: string): Promise<Manifest | null> {
  try {
    const response = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
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
      const [stamp, manifest] = await Promise.all([entryStamp(serverEntry), fetchManifest(manifestUrl)]);
      const before = known.get(name);
      if (!before || before.serverEntry !== serverEntry || before.stamp !== stamp) changed.push({ name, entry: serverEntry });
      known.set(name, { browserManifest, serverEntry, stamp, manifest });
    }),
  );
  for (const name of known.keys()) if (!(name in registry)) known.delete(name);
  if (changed.length === 0) return;
  for (const { name } of changed) forgetRemoteModules(name);
  registerRemotes(changed, { force: true });
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
