/**
 * The shell's view of the remotes: their federation names and the modules it mounts. URLs are not here — they come
 * from /remotes.json at run time so a team can move its remote without rebuilding the shell.
 */
export const REMOTE_NAMES = ['mf_catalog', 'mf_cart_checkout', 'mf_account', 'mf_content'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

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
