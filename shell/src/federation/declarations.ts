/**
 * Each remote's start-up declaration (RemoteStartup, @shop/contracts/types), read from the startup.json its build
 * writes next to its mf-manifest.json: when its model loads, and the screens and pieces it renders. The server reads
 * them with the registry (server/remoteRegistry.ts) and hands them to the browser in the page data, so the first
 * render waits for none; a page without them (a dev server's) reads them here before it renders.
 */
import { EARLY_REQUESTS, type EarlyRequest } from '@shop/contracts/bus';
import { REMOTE_STARTUP_FILE } from '@shop/contracts/constants';
import { ROUTE_PATTERNS, type RouteName } from '@shop/contracts/routes';
import { PIECE_ROLES, type ModelStart, type PieceRole, type RemoteStartup } from '@shop/contracts/types';
import { describe } from './errors.js';
import type { RemoteEntry } from './remotes.js';

/**
 * What the shell assumes of a remote whose declaration it cannot read (the remote is down, or an old build has
 * none): nothing at start-up — its model comes with its first piece, which is when its failure, if any, shows.
 */
export const UNDECLARED: RemoteStartup = { model: 'first-piece' };

const MODEL_STARTS: readonly ModelStart[] = ['start-up', 'first-interaction', 'first-piece'];
const isStringList = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string');
/** An exposed module's name as the shell loads it ("./CategoryPage" is exposed, "CategoryPage" declared). */
const MODULE_NAME = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * A name → module map of the declaration (screens, pieces): entries whose name this shell does not know or whose
 * module is not a module name are dropped, one problem each; the rest kept.
 */
function parseModuleMap<K extends string>(
  value: unknown,
  field: string,
  known: (name: string) => name is K,
  problems: string[],
): Partial<Record<K, string>> | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    problems.push(`"${field}" is not a map of names to exposed modules`);
    return undefined;
  }
  const out: Partial<Record<K, string>> = {};
  for (const [name, module] of Object.entries(value)) {
    if (!known(name)) problems.push(`"${field}" names "${name}", which this shell does not know: dropped`);
    else if (typeof module !== 'string' || !MODULE_NAME.test(module)) problems.push(`"${field}.${name}" is not an exposed module's name: dropped`);
    else out[name] = module;
  }
  return Object.keys(out).length ? out : undefined;
}
const isRouteName = (name: string): name is RouteName => Object.hasOwn(ROUTE_PATTERNS, name);
const isPieceRole = (name: string): name is PieceRole => (PIECE_ROLES as readonly string[]).includes(name);

/**
 * Checks a declaration document. A document that does not say when to load the model is unusable (UNDECLARED
 * applies); a bad optional field is dropped and reported, the rest kept. Unknown fields are ignored, so a remote may
 * declare more than this shell reads.
 */
export function parseRemoteStartup(doc: unknown): { startup: RemoteStartup; problems: string[] } {
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) return { startup: UNDECLARED, problems: ['not an object'] };
  const fields = doc as Record<string, unknown>;
  if (!MODEL_STARTS.includes(fields.model as ModelStart)) {
    return { startup: UNDECLARED, problems: [`"model" is not one of ${MODEL_STARTS.join(', ')}`] };
  }
  const problems: string[] = [];
  const startup: RemoteStartup = { model: fields.model as ModelStart };
  if (fields.stateKeys !== undefined) {
    if (isStringList(fields.stateKeys)) startup.stateKeys = fields.stateKeys;
    else problems.push('"stateKeys" is not a list of storage keys');
  }
  if (fields.piecesNeedStartupModels !== undefined) {
    if (typeof fields.piecesNeedStartupModels === 'boolean') startup.piecesNeedStartupModels = fields.piecesNeedStartupModels;
    else problems.push('"piecesNeedStartupModels" is not true or false');
  }
  if (fields.answers !== undefined) {
    const known = isStringList(fields.answers) ? fields.answers.filter((name): name is EarlyRequest => Object.hasOwn(EARLY_REQUESTS, name)) : [];
    if (isStringList(fields.answers) && known.length === fields.answers.length) startup.answers = known;
    else {
      problems.push('"answers" names requests the bus does not have');
      if (known.length) startup.answers = known;
    }
  }
  if (fields.screens !== undefined) {
    const screens = parseModuleMap(fields.screens, 'screens', isRouteName, problems);
    if (screens) startup.screens = screens;
  }
  if (fields.pieces !== undefined) {
    const pieces = parseModuleMap(fields.pieces, 'pieces', isPieceRole, problems);
    if (pieces) startup.pieces = pieces;
  }
  return { startup, problems };
}

/** A declaration that does not answer quickly must not hold the start-up models back for long. */
const DECLARATION_TIMEOUT_MS = 5000;

/** Checks a declaration and reports its problems under the remote's name. */
export function checkDeclaration(remote: string, doc: unknown): RemoteStartup {
  const { startup, problems } = parseRemoteStartup(doc);
  for (const problem of problems) console.warn(`[shell] ${remote}/${REMOTE_STARTUP_FILE}: ${problem}`);
  return startup;
}

/**
 * Fetches and checks one remote's declaration (`remote.entry` is its manifest's absolute URL); null, with a warning,
 * when it cannot be read. The timeout is the caller's: the browser's start-up and the server's registry check.
 */
export async function fetchDeclaration(
  remote: RemoteEntry,
  options: { fetchDoc?: typeof fetch; timeoutMs?: number; warn?: boolean } = {},
): Promise<RemoteStartup | null> {
  const { fetchDoc = fetch, timeoutMs = DECLARATION_TIMEOUT_MS, warn = true } = options;
  try {
    const response = await fetchDoc(new URL(REMOTE_STARTUP_FILE, remote.entry).href, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return checkDeclaration(remote.name, await response.json());
  } catch (error) {
    // A warning: the remote being down shows where it matters, in the pieces and screens that need it.
    if (warn) console.warn(`[shell] ${remote.name}/${REMOTE_STARTUP_FILE} could not be read (${describe(error)}): its screens show as unavailable, its model loads with its first piece`);
    return null;
  }
}

/** Fetches and checks one remote's declaration; never fails (UNDECLARED, with a warning, when it cannot be read). */
export async function readDeclaration(remote: RemoteEntry, fetchDoc: typeof fetch = fetch): Promise<RemoteStartup> {
  return (await fetchDeclaration(remote, { fetchDoc })) ?? UNDECLARED;
}
