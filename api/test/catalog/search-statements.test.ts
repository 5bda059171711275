/**
 * Repeated searches run as named prepared statements (search/statements.ts): named on the second sighting, bounded per
 * connection with the least recently used deallocated, and words written into the text as escaped literals.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PreparedSearches, sqlStringLiteral, statementName } from '../../src/search/statements.js';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../support/databases.js';

describe('sqlStringLiteral', () => {
  it.each([
    ['plain', "'plain'"],
    ["it's", "'it''s'"],
    ["'vindjakk':* & 'dame'", "'''vindjakk'':* & ''dame'''"],
    ['back\\slash', "'back\\slash'"],
    ['', "''"],
  ])('%s → %s', (text, literal) => {
    expect(sqlStringLiteral(text)).toBe(literal);
  });

  it('refuses a NUL character', () => {
    expect(() => sqlStringLiteral('a\0b')).toThrow(/NUL/);
  });
});

describe.each(testDatabaseKinds())('prepared searches on %s', (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    // One connection, so the statements the test looks at are those of the connection the searches ran on. From the
    // run's migrated template (the tables are not needed, but on PGlite loading it is a fraction of an initdb).
    t = await createTestDatabase(kind, { poolMax: 1 });
  });
  afterAll(async () => t.drop());

  const held = async () =>
    (await t.database.pool.query<{ name: string }>(`select name from pg_prepared_statements where name like 'search_%' order by name`)).rows.map(
      (row) => row.name,
    );
  const text = (n: number) => `select ${n}::int + $1::int as v`;

  it('reads literals back exactly as written, whatever they hold', async () => {
    for (const value of ["it's", "'';drop table x;--", 'back\\slash\\', "\\'", 'æøå ÆØÅ ß', "'vindjakk':* & 'dame'"]) {
      const { rows } = await t.database.pool.query<{ v: string }>(`select ${sqlStringLiteral(value)}::text as v`);
      expect(rows[0]!.v).toBe(value);
    }
  });

  it('names a statement on its second sighting and keeps at most its bound per connection', async () => {
    const searches = new PreparedSearches(t.database.pool, 2);
    expect(await searches.query(text(1), [1])).toEqual([{ v: 2 }]);
    expect(await held()).toEqual([]);
    expect(await searches.query(text(1), [2])).toEqual([{ v: 3 }]);
    expect(await held()).toEqual([statementName(text(1))]);
    expect(await searches.query(text(1), [3])).toEqual([{ v: 4 }]);

    for (const n of [2, 3]) for (const value of [0, 1]) expect(await searches.query(text(n), [value])).toEqual([{ v: n + value }]);
    // The least recently used (1) was deallocated for 3.
    expect(await held()).toEqual([statementName(text(2)), statementName(text(3))].sort());
    // … and is prepared again when it comes back.
    expect(await searches.query(text(1), [5])).toEqual([{ v: 6 }]);
    expect((await held()).length).toBe(2);
    expect(await held()).toContain(statementName(text(1)));
  });

  it('a failing execution keeps the bookkeeping right, and a new connection starts clean', async () => {
    const searches = new PreparedSearches(t.database.pool, 2);
    const failing = 'select 1 / $1::int as v';
    await searches.query(failing, [1]);
    expect(await searches.query(failing, [1])).toEqual([{ v: 1 }]);
    await expect(searches.query(failing, [0])).rejects.toThrow(/division by zero/);
    // The failed connection was closed (as pool.query does); the statement is prepared again on the next one.
    expect(await searches.query(failing, [1])).toEqual([{ v: 1 }]);
    expect(await searches.query(failing, [1])).toEqual([{ v: 1 }]);
    expect(await held()).toEqual([statementName(failing)]);
  });
});
