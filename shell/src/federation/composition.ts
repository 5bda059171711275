/**
 * What the shell composes from the remotes' declarations (issue 22: remotes declare, the shell composes): which
 * remote module renders each route of @shop/contracts/routes, and which fills each of the chrome's slots (PIECE_ROLES).
 * The shell knows no remote by name: the registry lists them, and each one's startup.json says what it renders.
 */
import type { RouteName } from '@shop/contracts/routes';
import type { PieceRole, RemoteStartup } from '@shop/contracts/types';

/** A remote's exposed module: what a RemoteBoundary mounts. */
export interface RemoteModuleRef {
  remote: string;
  /** Exposed module without "./". */
  module: string;
}

/** A registry entry and its checked declaration; null while (or because) it could not be read. */
export interface DeclaredRemote {
  name: string;
  startup: RemoteStartup | null;
}

export interface Composition {
  screens: Partial<Record<RouteName, RemoteModuleRef>>;
  pieces: Partial<Record<PieceRole, RemoteModuleRef>>;
}

/**
 * The route table's remote side and the chrome's slots, from the declarations in registry order. Two remotes that
 * claim one route or one slot: the first in the registry keeps it (a deploy that moves a screen from one remote to
 * another lists the new owner first), and the other claim is reported. Undeclared remotes add nothing.
 */
export function composeRemotes(declared: readonly DeclaredRemote[]): { composition: Composition; problems: string[] } {
  const composition: Composition = { screens: {}, pieces: {} };
  const problems: string[] = [];
  const claim = <K extends string>(table: Partial<Record<K, RemoteModuleRef>>, what: string, name: K, remote: string, module: string) => {
    const owner = table[name];
    if (owner) problems.push(`${remote} declares ${what} "${name}", which ${owner.remote} (earlier in the registry) renders: ${owner.remote} keeps it`);
    else table[name] = { remote, module };
  };
  for (const { name: remote, startup } of declared) {
    for (const [route, module] of Object.entries(startup?.screens ?? {}) as [RouteName, string][]) claim(composition.screens, 'the screen', route, remote, module);
    for (const [role, module] of Object.entries(startup?.pieces ?? {}) as [PieceRole, string][]) claim(composition.pieces, 'the piece', role, remote, module);
  }
  return { composition, problems };
}

/** The declarations a page's data carries (by remote name, registry order) as the list the composition reads. */
export function declaredRemotes(registry: readonly string[], declarations: Readonly<Record<string, RemoteStartup>>): DeclaredRemote[] {
  return registry.map((name) => ({ name, startup: Object.hasOwn(declarations, name) ? declarations[name]! : null }));
}

/** The other way: the declarations that were read, by remote name in registry order (for the page data). */
export function declarationsOf(declared: readonly DeclaredRemote[]): Record<string, RemoteStartup> {
  const out: Record<string, RemoteStartup> = {};
  for (const { name, startup } of declared) if (startup) out[name] = startup;
  return out;
}
