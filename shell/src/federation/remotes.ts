/**
 * The shell's view of the remotes: their federation names and the modules it mounts. URLs are not here — they come
 * from /remotes.json at run time so a team can move its remote without rebuilding the shell.
 */
export const REMOTE_NAMES = ['mf_catalog', 'mf_cart_checkout', 'mf_account', 'mf_content'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/**
 * Remotes whose ./model keeps no state a page needs before one of that remote's pieces is shown (it exports only
 * its singleton probe): their model is imported together with the first piece the shell mounts from them, not at
 * start-up, so a page that shows none of them (checkout, account, catalogue pages) never fetches their remoteEntry.
 * Every other remote's model — the cart (count badge, open flag, tab sync), the session (user, favourites) — is
 * imported at start-up, as is the model of any remote this list does not know.
 */
export const ON_DEMAND_MODELS: ReadonlySet<string> = new Set<RemoteName>(['mf_content']);

/**
 * Remotes whose ./model is only a singleton probe but whose pieces the shell does not always mount itself:
 * mf-content mounts catalogue widgets through its own federation runtime instance, which the shell's first-use hook
 * does not see, and the singleton check (window.__SHOP_DEBUG__) must still hear from the catalogue on the home page.
 * Their model is imported at the visit's first interaction (or with the first piece the shell mounts from them),
 * and nothing waits for it: `modelsReady` means the stateful models are in. So checkout and the account pages,
 * which show no catalogue piece, do not fetch the catalogue's remoteEntry for their first view.
 */
export const PROBE_MODELS: ReadonlySet<string> = new Set<RemoteName>(['mf_catalog']);

export interface RemoteEntry {
  name: string;
  /** Absolute URL of the remote's mf-manifest.json. */
  entry: string;
}

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * Reads the /remotes.json document ({"mf_catalog": "/mf/mf-catalog/mf-manifest.json", …}). Relative URLs are made
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

/**
 * Where a remote's SERVER entry is (issue 22): beside its browser manifest, in `server/` (each front end's server
 * build writes dist/server/remoteEntry.js, rspack.server.mjs), e.g. /mf/mf-catalog/mf-manifest.json →
 * /mf/mf-catalog/server/remoteEntry.js. A remote deployed alone (or moved) takes its server rendering along.
 */
export function serverEntryUrl(manifestUrl: string): string {
  return new URL('server/remoteEntry.js', manifestUrl).href;
}
