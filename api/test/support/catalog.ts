/**
 * Extra catalogue rows for the search and catalogue-route tests (on top of fixtures.ts), and a session that may POST.
 * Inserted through ordinary statements after the app has started, so they also prove that the search index triggers
 * keep `article_search` in step.
 */
import type { InjectOptions } from 'fastify';
import type { Db } from '../../src/db/index.js';
import * as s from '../../src/db/schema.js';
import { hashSessionId } from '../../src/server/session.js';
import { ean13 } from './fixtures.js';

export const SEARCH_ARTICLES = {
  nordavind: 501,
  stautLett: 502,
  vindbukse: 503,
  regnjakke: 504,
  hiddenVindjakke: 505,
} as const;

export async function insertSearchArticles(db: Db): Promise<void> {
  const base = { mainGroupId: 1, group2Id: 11, group3Id: 111, articleNo: 'x', genderId: 1 };
  await db.insert(s.articles).values([
    { ...base, id: 501, articleNo: '501', name: 'Vindjakke Nordavind', slug: 'vindjakke-nordavind', price: 99900, productLineId: 3, genderId: 2, description: 'Lett og pakkbar.' },
    { ...base, id: 502, articleNo: '502', name: 'Staut vindjakke Lett', slug: 'staut-vindjakke-lett', price: 149900, productLineId: 1, description: 'Husmerkets klassiker.' },
    { ...base, id: 503, articleNo: '503', name: 'Vindbukse Fjell', slug: 'vindbukse-fjell', price: 79900, productLineId: 2, description: 'Bukse som stenger vinden ute.' },
    { ...base, id: 504, articleNo: '504', name: 'Regnjakke Bris', slug: 'regnjakke-bris', price: 119900, productLineId: 2, description: 'Fungerer også som vindjakke på tur.' },
    { ...base, id: 505, articleNo: '505', name: 'Skjult vindjakke', slug: 'skjult-vindjakke', price: 50000, productLineId: 2, visibleOnWeb: false },
  ]);
  await db.insert(s.articleGenders).values([{ articleId: 501, genderId: 10 }]);
  await db.insert(s.variants).values([
    { id: 5011, articleId: 501, ean: ean13('705011'), sizeId: 2, colorId: 2 },
    { id: 5021, articleId: 502, ean: ean13('705021'), sizeId: 2, colorId: 1 },
    { id: 5031, articleId: 503, ean: ean13('705031'), sizeId: 3, colorId: 3 },
    { id: 5041, articleId: 504, ean: ean13('705041'), sizeId: 1, colorId: 3 },
    { id: 5051, articleId: 505, ean: ean13('705051'), sizeId: 1, colorId: 2 },
  ]);
  await db.insert(s.stock).values([
    { variantId: 5011, shopId: 2, qty: 4 },
    { variantId: 5021, shopId: 1, qty: 0 },
    { variantId: 5021, shopId: 55, qty: 2 },
    { variantId: 5051, shopId: 2, qty: 7 },
  ]);
  await db.insert(s.bestsellers).values([{ articleId: 502, qtyRank: 5, turnoverRank: 6 }]);
}

/** A session row and the headers a POST needs (cookie + X-CSRF-TOKEN), without serving the shell. */
export async function postHeaders(db: Db): Promise<Record<string, string>> {
  const cookie = `test-${Math.random().toString(36).slice(2)}`;
  const token = `csrf-${Math.random().toString(36).slice(2)}`;
  await db.insert(s.sessions).values({
    id: hashSessionId(cookie),
    csrfToken: token,
    expiresAt: new Date(Date.now() + 24 * 60 * 60 * 1000),
  });
  return { cookie: `sid=${cookie}`, 'x-csrf-token': token };
}

export type Inject = (options: InjectOptions) => ReturnType<import('fastify').FastifyInstance['inject']>;
