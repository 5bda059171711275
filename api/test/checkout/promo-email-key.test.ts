/**
 * promoEmailKey (checkout/promoEmailKey.ts): every spelling of one mailbox is one customer for the promo rules, and
 * the SQL copy that backfilled the keys of older redemptions (api/drizzle/0020_promo_email_key.sql) agrees with it.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { promoEmailKey } from '../../src/checkout/promoEmailKey.js';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../support/databases.js';

const CASES: Array<[string, string, string]> = [
  ['as typed', 'x@example.no', 'x@example.no'],
  ['case folded', 'X@Example.NO', 'x@example.no'],
  ['surrounding spaces', '  x@example.no ', 'x@example.no'],
  ['+tag dropped', 'x+1@example.no', 'x@example.no'],
  ['+tag with more pluses', 'x+a+b@example.no', 'x@example.no'],
  ['empty +tag', 'x+@example.no', 'x@example.no'],
  ['a leading + is the name, not a tag', '+x@example.no', '+x@example.no'],
  ['trailing dot on the domain', 'x@example.no.', 'x@example.no'],
  ['several trailing dots', 'x@example.no..', 'x@example.no'],
  ['all at once', ' X+Tilbud@EXAMPLE.no. ', 'x@example.no'],
  ['dots stay where the provider counts them', 'kari.nordmann@example.no', 'kari.nordmann@example.no'],
  ['dots stay at Outlook.com', 'kari.nordmann@outlook.com', 'kari.nordmann@outlook.com'],
  ['Gmail ignores dots', 'k.a.r.i@gmail.com', 'kari@gmail.com'],
  ['Gmail dotted, tagged, upper-case, trailing dot', 'K.ari+velkommen@GMail.com.', 'kari@gmail.com'],
  ['googlemail.com is gmail.com', 'ka.ri@googlemail.com', 'kari@gmail.com'],
  ['a dot after the tag goes with the tag', 'kari+a.b@gmail.com', 'kari@gmail.com'],
  ['not Gmail: a look-alike domain keeps its dots', 'k.ari@gmail.com.evil.no', 'k.ari@gmail.com.evil.no'],
  ['the last @ separates the domain', '"a@b"@example.no', '"a@b"@example.no'],
  ['no @: left as it is, lower-cased', 'Ikke-en-adresse', 'ikke-en-adresse'],
  ['deleted (empty)', '', ''],
];

describe('promoEmailKey', () => {
  it.each(CASES)('%s: %j → %j', (_name, email, key) => {
    expect(promoEmailKey(email)).toBe(key);
  });

  it('the issue\'s variants are one customer', () => {
    const variants = ['x@example.no', 'X@Example.no', 'x+1@example.no', 'x@example.no.'];
    expect(new Set(variants.map(promoEmailKey))).toEqual(new Set(['x@example.no']));
    const gmail = ['xy@gmail.com', 'x.y@gmail.com', 'X.Y+1@gmail.com', 'x.y@googlemail.com', 'x..y@gmail.com.'];
    expect(new Set(gmail.map(promoEmailKey))).toEqual(new Set(['xy@gmail.com']));
  });
});

const MIGRATION = new URL('../../drizzle/0020_promo_email_key.sql', import.meta.url);

describe.each(testDatabaseKinds())('the migration\'s backfill copy on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const statements = readFileSync(MIGRATION, 'utf8').split('--> statement-breakpoint');
    const create = statements.find((s) => s.includes('CREATE FUNCTION "promo_email_key_0020"'));
    expect(create).toBeTruthy();
    await database.database.db.execute(sql.raw(create!));
  });
  afterAll(async () => database?.drop());

  it('gives every case of the table the key promoEmailKey gives', async () => {
    const rows = await Promise.all(
      CASES.map(async ([, email]) => (await database.database.db.execute<{ key: string }>(sql`select promo_email_key_0020(${email}) as key`)).rows[0]!.key),
    );
    expect(rows).toEqual(CASES.map(([, email]) => promoEmailKey(email)));
  });
});
