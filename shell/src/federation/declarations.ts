/**
 * Each remote's start-up declaration (RemoteStartup, @shop/contracts/types), read from the startup.json its build
 * writes next to its mf-manifest.json. The declarations are fetched in parallel as start-up begins; nothing waits
 * for them but the models they schedule (start.ts), so the first render does not.
 */
import { EARLY_REQUESTS, type EarlyRequest } from '@shop/contracts/bus';
import { REMOTE_STARTUP_FILE } from '@shop/contracts/constants';
import type { ModelStart, RemoteStartup } from '@shop/contracts/types';
import { describe } from './errors.js';
import type { RemoteEntry } from './remotes.js';

/**
 * What the shell assumes of a remote whose declaration it cannot read (the remote is down, or an old build has
 * none): nothing at start-up — its model comes with its first piece, which is when its failure, if any, shows.
 */
export const UNDECLARED: RemoteStartup = { model: 'first-piece' };

const MODEL_STARTS: readonly ModelStart[] = ['start-up', 'first-interaction', 'first-piece'];
const isStringList = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string');

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
  return { startup, problems };
}

/** A declaration that does not answer quickly must not hold the start-up models back for long. */
const DECLARATION_TIMEOUT_MS = 5000;

/** Fetches and checks one remote's declaration; never fails (UNDECLARED, with a warning, when it cannot be read). */
export async function readDeclaration(remote: RemoteEntry, fetchDoc: typeof fetch = fetch): Promise<RemoteStartup> {
  try {
    const response = await fetchDoc(new URL(REMOTE_STARTUP_FILE, remote.entry).href, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(DECLARATION_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const { startup, problems } = parseRemoteStartup(await response.json());
    for (const problem of problems) console.warn(`[shell] ${remote.name}/${REMOTE_STARTUP_FILE}: ${problem}`);
    return startup;
  } catch (error) {
    // A warning: the remote being down shows where it matters, in the pieces that need it.
    console.warn(`[shell] ${remote.name}/${REMOTE_STARTUP_FILE} could not be read (${describe(error)}): its model loads with its first piece`);
    return UNDECLARED;
  }
}
