/**
 * The remote registry: each remote's federation name and the URL of its mf-manifest.json. URLs are not built in —
 * they come from the registry at run time so a team can move its remote without rebuilding the shell — and neither
 * are the names: the shell composes whatever the registry lists (what each remote needs at start-up is in its own
 * declaration, declarations.ts).
 */
import { describe } from './errors.js';

export interface RemoteEntry {
  name: string;
  /** Absolute URL of the remote's mf-manifest.json. */
  entry: string;
}

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * Reads the /remotes.json document ({"<federation name>": "/mf/<folder>/mf-manifest.json", …}). Relative URLs are made
 * absolute against the page so the federation runtime resolves each remote's public path from its manifest.
 * Invalid entries are skipped (and reported) rather than failing the whole shell.
 */
export function parseRemotes(doc: unknown, baseUrl: string): { remotes: RemoteEntry[]; problems: string[] } {
  const remotes: RemoteEntry[] = [];
  const problems: string[] = [];
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) {
    return { remotes, problems: ['remotes.json is not an object'] };
  }
  for (const [name, url] of Object.entries(doc)) {
    if (!NAME.test(name)) {
      problems.push(`remote name "${name}" is not a valid federation name`);
      continue;
    }
    if (typeof url !== 'string' || url.trim() === '') {
      problems.push(`remote "${name}" has no URL`);
      continue;
    }
    try {
      remotes.push({ name, entry: new URL(url, baseUrl).href });
    } catch {
      problems.push(`remote "${name}" has an invalid URL: ${url}`);
    }
  }
  return { remotes, problems };
}

/** A registry that does not answer must not keep the page blank: render the chrome with fallbacks instead. */
const REGISTRY_TIMEOUT_MS = 5000;

/**
 * The registry, read once at start-up: the one the server rendered the page with (PageData's `remotes`, no round
 * trip before the first remote can load), else GET /remotes.json (dev servers; it stays the registry's public
 * address). The one place that knows where the registry comes from. Never fails: without a registry every remote
 * mount shows its fallback and the chrome still renders.
 */
export async function readRegistry(rendered?: unknown): Promise<RemoteEntry[]> {
  const report = (doc: unknown) => {
    const { remotes, problems } = parseRemotes(doc, window.location.href);
    for (const problem of problems) console.error(`[shell] remotes.json: ${problem}`);
    return remotes;
  };
  if (rendered !== undefined) return report(rendered);
  try {
    const response = await fetch('/remotes.json', {
      headers: { accept: 'application/json' },
      cache: 'no-cache',
      signal: AbortSignal.timeout(REGISTRY_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return report(await response.json());
  } catch (error) {
    console.error(`[shell] could not read /remotes.json: ${describe(error)}`);
    return [];
  }
}

/**
 * Where a remote's SERVER entry is (issue 22): beside its browser manifest, in `server/` (each front end's server
 * build writes dist/server/remoteEntry.js, rspack.server.mjs), e.g. /mf/<folder>/mf-manifest.json →
 * /mf/<folder>/server/remoteEntry.js. A remote deployed alone (or moved) takes its server rendering along.
 */
export function serverEntryUrl(manifestUrl: string): string {
  return new URL('server/remoteEntry.js', manifestUrl).href;
}
