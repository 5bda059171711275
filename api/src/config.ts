/**
 * Process configuration from the environment, read once at start-up. Pure: tests pass their own env object.
 *
 * PORT          listen port (default 8080)
 * HOST          listen address (default 127.0.0.1: this machine only; `0.0.0.0` or `::` to listen publicly)
 * DATABASE_URL  postgres:// URL of a real PostgreSQL; when unset the embedded PGlite is used
 * DATA_DIR      embedded database directory (default `.data`, relative to the working directory = repo root)
 * REMOTES_JSON  inline JSON for /remotes.json; REMOTES_FILE a path to such a file (REMOTES_JSON wins), which the
 *               running server follows: a change is served within about a second, no restart (server/remoteRegistry.ts)
 * NODE_ENV      `production`: served over HTTPS (HSTS, upgrade-insecure-requests, Secure session cookie)
 * SEED_ARTICLES number of articles the seed creates in an empty database (the seed's own default when unset)
 * LOG_LEVEL     pino level (default info)
 * STATIC_ROOT   folder holding shell/dist and <remote>/dist to serve (default: this checkout)
 * PUBLIC_URL    the shop's public origin (e-mail links, payment callbacks); required, and https, in production
 * API_DOCS      `1` serves the OpenAPI docs at /api/docs, `0` does not; default: served unless NODE_ENV=production
 * TRUST_PROXY   which proxies' X-Forwarded-For to believe for the client address (Fastify's trustProxy): a
 *               comma-separated list of the proxies' addresses/CIDRs (or proxy-addr's `loopback`, `linklocal`,
 *               `uniquelocal`); a hop count only while HOST is a loopback address; unset or `false` = none (the socket
 *               peer is the client)
 * S3_BUCKET     keep uploaded content images in this S3-compatible bucket instead of under DATA_DIR/images (needed
 *               when several API processes serve one shop); S3_ENDPOINT (an S3-compatible service's URL: path-style
 *               addressing), S3_REGION (required without S3_ENDPOINT), S3_ACCESS_KEY_ID + S3_SECRET_ACCESS_KEY (both
 *               or neither: neither = the AWS SDK's own credential chain, such as an instance role)
 */
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The remotes the shell composes: folder name under the repo root and the key in /remotes.json. */
export const REMOTE_APPS = [
  { name: 'mf-catalog', key: 'mf_catalog' },
  { name: 'mf-cart-checkout', key: 'mf_cart_checkout' },
  { name: 'mf-account', key: 'mf_account' },
  { name: 'mf-content', key: 'mf_content' },
] as const;

export type RemotesConfig = Record<string, string>;

export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  /** Absolute. */
  dataDir: string;
  production: boolean;
  /** Repo root: shell/dist and <remote>/dist are found below it. */
  rootDir: string;
  /** The registry at start-up. */
  remotes: RemotesConfig;
  /** Absolute REMOTES_FILE when the registry comes from it (and not REMOTES_JSON): the server follows its changes. */
  remotesFile: string | undefined;
  seedArticles: number | undefined;
  logLevel: string;
  /** The shop's public origin without a trailing slash (an https origin in production, where it is required). */
  publicUrl: string | undefined;
  /** Serve the OpenAPI docs (UI and JSON) at /api/docs. */
  apiDocs: boolean;
  /** Fastify's trustProxy; false = X-Forwarded-For is ignored. */
  trustProxy: TrustProxy;
  /** Where uploaded content images are kept (content/images/store.ts). */
  images: ImageStorageConfig;
}

/** Uploaded images: files under a folder (the embedded default), or an S3-compatible bucket. */
export type ImageStorageConfig =
  | { kind: 'files'; dir: string }
  | { kind: 's3'; bucket: string; endpoint: string | undefined; region: string; credentials: { accessKeyId: string; secretAccessKey: string } | undefined };

/**
 * The forms of Fastify's trustProxy the shop uses: false (the socket peer is the client), a hop count, or the proxies'
 * addresses/networks. `true` is kept for tests and tools only: the environment cannot give it (see parseTrustProxy).
 */
export type TrustProxy = boolean | number | string[];

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/** The repo root, from this file's location (api/src/config.ts). */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export function defaultRemotes(): RemotesConfig {
  return Object.fromEntries(REMOTE_APPS.map((app) => [app.key, `/mf/${app.name}/mf-manifest.json`]));
}

/** Validates a remotes registry: an object of remote key → manifest URL (absolute or site-relative). */
export function parseRemotes(json: string, source: string): RemotesConfig {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    throw new ConfigError(`${source} is not valid JSON: ${(error as Error).message}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ConfigError(`${source} must be a JSON object of remote name → manifest URL`);
  }
  const entries = Object.entries(value as Record<string, unknown>);
  for (const [key, url] of entries) {
    if (typeof url !== 'string' || url.trim() === '') {
      throw new ConfigError(`${source}: the URL of remote "${key}" must be a non-empty string`);
    }
  }
  return Object.fromEntries(entries) as RemotesConfig;
}

function parsePort(raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new ConfigError(`PORT must be 0–65535, got "${raw}"`);
  return port;
}

/**
 * PUBLIC_URL, the origin the shop tells others to reach it at (payment providers' callbacks and the shopper's way
 * back, e-mail links). In production it must be set and be an https origin: without it the payment URLs were built
 * from the request's Host header, which whoever sends the request chooses. Elsewhere it stays optional and as given.
 */
export function parsePublicUrl(env: NodeJS.ProcessEnv): string | undefined {
  const raw = env.PUBLIC_URL?.trim() || undefined;
  if (env.NODE_ENV !== 'production') return raw?.replace(/\/+$/, '');
  const problem = `PUBLIC_URL must be the shop's public https origin (such as https://www.example.no) when NODE_ENV=production`;
  if (!raw) throw new ConfigError(`${problem}; it is not set`);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${problem}; got "${raw}"`);
  }
  const originOnly = url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
  if (url.protocol !== 'https:' || !originOnly) throw new ConfigError(`${problem}; got "${raw}"`);
  return url.origin;
}

/** proxy-addr's names for address ranges (loopback: 127.0.0.0/8 and ::1; linklocal; uniquelocal: 10/8, 172.16/12, 192.168/16, fc00::/7). */
const PROXY_ADDR_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An IPv4/IPv6 address, optionally with a /prefix length that fits it, or one of proxy-addr's range names. */
function isAddressOrCidr(value: string): boolean {
  if (PROXY_ADDR_NAMES.has(value)) return true;
  const [address, prefix, ...rest] = value.split('/');
  const family = net.isIP(address ?? '');
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** True for an address only this machine can reach: 127.0.0.0/8, ::1 (also as ::ffff:127.x.y.z) or `localhost`. */
export function isLoopbackHost(host: string): boolean {
  const value = host.trim().toLowerCase().replace(/^\[(.*)\]$/, '$1');
  if (value === 'localhost') return true;
  const v4 = value.startsWith('::ffff:') ? value.slice('::ffff:'.length) : value;
  if (net.isIPv4(v4)) return LOOPBACK.check(v4, 'ipv4');
  return net.isIPv6(value) && LOOPBACK.check(value, 'ipv6');
}
const LOOPBACK = new net.BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

const TRUST_PROXY_FORMS = 'a comma-separated list of the proxies\' addresses/CIDRs (or loopback, linklocal, uniquelocal), false, or a hop count';

/**
 * TRUST_PROXY: off unless set. Without it the client address used for throttling is the socket peer and an
 * X-Forwarded-For header changes nothing; behind a load balancer it must name the balancer's addresses, else every
 * shopper is one client. Two forms are refused: `true` trusts every hop, so the client address becomes whatever the
 * client writes first in X-Forwarded-For (every per-client limit would be a header away); a hop count trusts the
 * nearest hops without checking who they are, which only holds while nobody but the proxy can connect — so it is
 * taken only when the server listens on loopback (`host`), where the peer is a process on this machine.
 */
export function parseTrustProxy(raw: string | undefined, host = '127.0.0.1'): TrustProxy {
  const value = raw?.trim() ?? '';
  if (value === '' || value === 'false') return false;
  if (value === 'true') {
    throw new ConfigError(`TRUST_PROXY=true would let any client choose its address with X-Forwarded-For; give ${TRUST_PROXY_FORMS}`);
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops < 1 || hops > 100) throw new ConfigError(`TRUST_PROXY hop count must be 1–100, got "${raw}"`);
    if (!isLoopbackHost(host)) {
      throw new ConfigError(
        `TRUST_PROXY=${hops} (a hop count) with HOST=${host}: anyone who reaches the server directly could choose their client address with X-Forwarded-For. Set TRUST_PROXY to the proxies' addresses or networks (e.g. TRUST_PROXY=10.0.0.0/8), or listen on loopback (HOST=127.0.0.1) behind a proxy on this machine`,
      );
    }
    return hops;
  }
  const entries = value.split(',').map((entry) => entry.trim());
  const bad = entries.find((entry) => !isAddressOrCidr(entry));
  if (bad !== undefined) {
    throw new ConfigError(`TRUST_PROXY must be ${TRUST_PROXY_FORMS}; "${bad}" is none of those`);
  }
  return entries;
}

/** S3_* → the image storage; without S3_BUCKET, files under `<dataDir>/images`. */
export function parseImageStorage(env: NodeJS.ProcessEnv, dataDir: string): ImageStorageConfig {
  const value = (name: string) => env[name]?.trim() || undefined;
  const bucket = value('S3_BUCKET');
  const others = ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'].filter((name) => value(name) !== undefined);
  if (!bucket) {
    // A half-made S3 setup would otherwise quietly keep the images on this machine's disk.
    if (others.length) throw new ConfigError(`${others.join(', ')} set without S3_BUCKET: set S3_BUCKET too, or unset them to keep images under DATA_DIR`);
    return { kind: 'files', dir: path.join(dataDir, 'images') };
  }
  const endpoint = value('S3_ENDPOINT');
  if (endpoint !== undefined) {
    let url: URL | null = null;
    try {
      url = new URL(endpoint);
    } catch {
      url = null;
    }
    if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) throw new ConfigError(`S3_ENDPOINT must be an http(s) URL, got "${endpoint}"`);
  }
  // S3-compatible services mostly ignore the region but the signature needs one; AWS itself needs the right one.
  const region = value('S3_REGION') ?? (endpoint ? 'us-east-1' : undefined);
  if (!region) throw new ConfigError('S3_REGION must be set for S3_BUCKET on AWS (or give S3_ENDPOINT for another S3-compatible service)');
  const accessKeyId = value('S3_ACCESS_KEY_ID');
  const secretAccessKey = value('S3_SECRET_ACCESS_KEY');
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) throw new ConfigError('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together');
  return { kind: 's3', bucket, endpoint, region, credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined };
}

export interface LoadConfigDeps {
  cwd: string;
  readFile: (file: string) => string;
}

export function loadConfig(env: NodeJS.ProcessEnv, deps: LoadConfigDeps): Config {
  let remotes = defaultRemotes();
  let remotesFile: string | undefined;
  if (env.REMOTES_JSON) {
    remotes = parseRemotes(env.REMOTES_JSON, 'REMOTES_JSON');
  } else if (env.REMOTES_FILE) {
    const file = path.resolve(deps.cwd, env.REMOTES_FILE);
    let text: string;
    try {
      text = deps.readFile(file);
    } catch (error) {
      throw new ConfigError(`REMOTES_FILE ${file} cannot be read: ${(error as Error).message}`);
    }
    remotes = parseRemotes(text, `REMOTES_FILE ${file}`);
    remotesFile = file;
  }
  let seedArticles: number | undefined;
  if (env.SEED_ARTICLES) {
    seedArticles = Number(env.SEED_ARTICLES);
    if (!Number.isInteger(seedArticles) || seedArticles < 0) {
      throw new ConfigError(`SEED_ARTICLES must be a whole number, got "${env.SEED_ARTICLES}"`);
    }
  }
  const production = env.NODE_ENV === 'production';
  const dataDir = path.resolve(deps.cwd, env.DATA_DIR || '.data');
  // This machine only unless told: a server others can reach is a choice (HOST=0.0.0.0), made with its TRUST_PROXY.
  const host = env.HOST?.trim() || '127.0.0.1';
  return {
    port: parsePort(env.PORT, 8080),
    host,
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    production,
    rootDir: env.STATIC_ROOT ? path.resolve(deps.cwd, env.STATIC_ROOT) : REPO_ROOT,
    remotes,
    remotesFile,
    seedArticles,
    logLevel: env.LOG_LEVEL || 'info',
    publicUrl: parsePublicUrl(env),
    // The docs list every route and input of the API: a help in development, a map for an attacker in production.
    apiDocs: env.API_DOCS ? env.API_DOCS === '1' : !production,
    trustProxy: parseTrustProxy(env.TRUST_PROXY, host),
    images: parseImageStorage(env, dataDir),
  };
}

/**
 * The embedded data directory a CLI (staff:create, seed) opens: the server's. `npm start` runs in the repo root and keeps DATA_DIR
 * (default `.data`) there, but npm runs a workspace script (`npm run staff:create -w @shop/api`) in `api/`: resolving
 * against the working directory would quietly create the account in a database the server never opens. So the
 * default is the repo root's `.data`, and a relative DATA_DIR is taken from the folder the command was typed in
 * (npm's INIT_CWD).
 */
export function cliDataDir(env: Record<string, string | undefined>, cwd: string, repoRoot: string): string {
  if (!env.DATA_DIR) return path.join(repoRoot, '.data');
  if (env.DATA_DIR.startsWith('memory://')) return env.DATA_DIR;
  return path.resolve(env.INIT_CWD || cwd, env.DATA_DIR);
}
