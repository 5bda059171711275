/**
 * Search statements run as named prepared statements once they repeat, so a repeated search is neither parsed nor
 * planned again. Shoppers repeat searches (the popular words, the pages of a listing), and for a search with words
 * parsing and planning were ~0.9 ms of the ~2 ms PostgreSQL spent on it at 20 000 articles (parse 0.28, plan 0.6).
 *
 * - The statement text carries what its plan depends on (the normalised words, page size and limits: engine.ts
 *   writes them as literals), and the rest as parameters (the clock, the filter values). So one text is one plan
 *   choice: a common word walks the rank index, a rare one probes GIN, as when it was planned per search.
 * - A text gets a name on its second sighting (a search typed once never takes a slot), and each connection keeps at
 *   most `perConnection` of them, the least recently used deallocated first: the memory the database holds for
 *   prepared plans stays bounded however many distinct searches shoppers type.
 */
import { createHash } from 'node:crypto';
import type { Pool, PoolClient, QueryResultRow } from 'pg';

/** Named statements one connection keeps. */
export const PREPARED_SEARCHES_PER_CONNECTION = 200;
/** Texts remembered as seen once; cleared when full (a text seen once is only a candidate). */
const SEEN_ONCE_MAX = 5000;

/** The SQL string literal of `text` (standard_conforming_strings is on: db/index.ts SESSION_SETTINGS). */
export function sqlStringLiteral(text: string): string {
  if (text.includes('\0')) throw new Error('a SQL string literal cannot hold a NUL character');
  return `'${text.replaceAll("'", "''")}'`;
}

export const statementName = (text: string) => `search_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;

/** The statements pg has parsed on this connection (it skips Parse for those); a deallocated one must leave it. */
const parsedStatements = (client: PoolClient): Record<string, string> =>
  (client as unknown as { connection?: { parsedStatements?: Record<string, string> } }).connection?.parsedStatements ?? {};

export class PreparedSearches {
  private readonly seenOnce = new Set<string>();
  private readonly repeated = new Set<string>();
  /** Per connection: its named statements, least recently used first (Map insertion order). */
  private readonly byClient = new WeakMap<PoolClient, Map<string, string>>();

  constructor(
    private readonly pool: Pool,
    private readonly perConnection = PREPARED_SEARCHES_PER_CONNECTION,
  ) {}

  async query<Row extends QueryResultRow>(text: string, values: unknown[]): Promise<Row[]> {
    if (!this.isRepeated(text)) return (await this.pool.query<Row>({ text, values })).rows;
    const client = await this.pool.connect();
    let failure: Error | undefined;
    try {
      const name = await this.slotFor(client, text);
      try {
        return (await client.query<Row>({ name, text, values })).rows;
      } finally {
        // Held once the database has it (parsed), even when the execution then failed.
        if (parsedStatements(client)[name] !== undefined) this.hold(client, text, name);
      }
    } catch (error) {
      failure = error instanceof Error ? error : new Error(String(error));
      throw error;
    } finally {
      // As pool.query does: a connection that failed a query is closed, not handed out again.
      client.release(failure);
    }
  }

  private isRepeated(text: string): boolean {
    if (this.repeated.has(text)) return true;
    if (this.seenOnce.delete(text)) {
      this.repeated.add(text);
      // Names are per connection; this set only says "worth a name", so it is bounded like the first sightings.
      if (this.repeated.size > SEEN_ONCE_MAX) this.repeated.delete(this.repeated.values().next().value!);
      return true;
    }
    if (this.seenOnce.size >= SEEN_ONCE_MAX) this.seenOnce.clear();
    this.seenOnce.add(text);
    return false;
  }

  /** The statement's name on this connection, after making room for it when it is new there. */
  private async slotFor(client: PoolClient, text: string): Promise<string> {
    const held = this.byClient.get(client);
    const known = held?.get(text);
    if (known !== undefined) return known;
    while (held && held.size >= this.perConnection) {
      const [oldestText, oldestName] = held.entries().next().value!;
      held.delete(oldestText);
      await client.query(`deallocate ${oldestName}`);
      delete parsedStatements(client)[oldestName];
    }
    return statementName(text);
  }

  /** Marks the statement as just used on this connection (most recently used last). */
  private hold(client: PoolClient, text: string, name: string): void {
    let held = this.byClient.get(client);
    if (!held) this.byClient.set(client, (held = new Map()));
    held.delete(text);
    held.set(text, name);
  }
}
