/** The workspace calls against a real HTTP server: paths, query strings, bodies, and the 409 edit conflict. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Window } from 'happy-dom';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setApiBaseUrl, setCsrfTokenSource } from './client.js';
import {
  deleteBlogCategory,
  editConflictOf,
  getAuditLog,
  getContentOverview,
  getRevision,
  pollAnswersCsvUrl,
  restoreRevision,
  setContentStatus,
  setPollOpen,
  updateStaffAccount,
  withdrawStaffInvite,
} from './workspace.js';
import { updateBlogPost } from './editorial.js';

const seen: Array<{ method: string; url: string; body: string; csrf: string | undefined }> = [];
let answer: { status: number; body: unknown } = { status: 200, body: {} };
let server: Server;
let base = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', body, csrf: req.headers['x-csrf-token'] as string | undefined });
      if (answer.status === 204) {
        res.writeHead(204);
        res.end();
        return;
      }
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
  setApiBaseUrl(base);
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  seen.length = 0;
  const window = new Window();
  window.document.head.innerHTML = '<meta name="csrf-token" content="tok-7">';
  (globalThis as { document?: unknown }).document = window.document;
  setCsrfTokenSource();
});

describe('workspace calls', () => {
  it.each([
    [{}, '/api/v1/editor/content'],
    [{ type: 'poll', status: 'draft', q: 'sommer & sol', page: 2 }, '/api/v1/editor/content?type=poll&status=draft&q=sommer+%26+sol&page=2'],
    [{ q: '' }, '/api/v1/editor/content'],
  ] as const)('getContentOverview(%j) → GET %s', async (query, url) => {
    answer = { status: 200, body: { data: [], meta: { current_page: 1, last_page: 1, per_page: 25, total: 0 } } };
    await getContentOverview(query);
    expect(seen[0]).toMatchObject({ method: 'GET', url });
  });

  it('status, revisions and restore address the item by type and key', async () => {
    answer = { status: 200, body: {} };
    await setContentStatus('home-layout', 'black-week', { action: 'schedule', at: '2026-11-27T23:00:00.000Z', until: '2026-11-30T23:00:00.000Z', version: 4 });
    await getRevision('blog-post', 12, 3);
    await restoreRevision('page', 'om-oss', 2, 7);
    expect(seen.map((r) => `${r.method} ${r.url}`)).toEqual([
      'POST /api/v1/editor/content/home-layout/black-week/status',
      'GET /api/v1/editor/content/blog-post/12/revisions/3',
      'POST /api/v1/editor/content/page/om-oss/revisions/2/restore',
    ]);
    expect(JSON.parse(seen[0]!.body)).toEqual({ action: 'schedule', at: '2026-11-27T23:00:00.000Z', until: '2026-11-30T23:00:00.000Z', version: 4 });
    expect(seen[0]!.csrf).toBe('tok-7');
    expect(JSON.parse(seen[2]!.body)).toEqual({ version: 7 });
  });

  it('a stale save rejects with the conflict: message, who, when and the current version', async () => {
    const conflict = { message: 'Innlegget er endret av Ola Hansen kl. 14:05 (27.11.2026) …', current_version: 5, changed_by: 'Ola Hansen', changed_at: '2026-11-27T13:05:00.000Z', current: { id: 3 } };
    answer = { status: 409, body: conflict };
    const error = await updateBlogPost(3, { title: 'x', body: '<p>x</p>', published: true, version: 4 }).catch((e: unknown) => e);
    expect(JSON.parse(seen[0]!.body).version).toBe(4);
    expect(editConflictOf(error)).toEqual(conflict);
    // A 409 that is no edit conflict (a slug taken) is not mistaken for one.
    answer = { status: 409, body: { message: 'Adressen (slug) er allerede i bruk av et annet innlegg.' } };
    expect(editConflictOf(await updateBlogPost(3, { title: 'x', body: '<p>x</p>', published: true, version: 4 }).catch((e: unknown) => e))).toBeNull();
    expect(editConflictOf(new Error('x'))).toBeNull();
  });

  it('admin, category and poll calls', async () => {
    answer = { status: 200, body: {} };
    await getAuditLog({ entity: 'blog-post:12', actor: 3 });
    await updateStaffAccount(8, { active: false });
    await setPollOpen(4, false, 2);
    answer = { status: 204, body: null };
    await deleteBlogCategory(5, 6);
    await withdrawStaffInvite(9);
    expect(seen.map((r) => `${r.method} ${r.url}`)).toEqual([
      'GET /api/v1/editor/audit?entity=blog-post:12&actor=3',
      'PUT /api/v1/editor/staff/8',
      'POST /api/v1/editor/polls/4/open',
      'DELETE /api/v1/editor/blog/categories/5?move_to=6',
      'DELETE /api/v1/editor/staff/9/invitation',
    ]);
    expect(JSON.parse(seen[1]!.body)).toEqual({ active: false });
    expect(JSON.parse(seen[2]!.body)).toEqual({ open: false, version: 2 });
    expect(pollAnswersCsvUrl(4)).toBe(`${base}/editor/polls/4/answers.csv`);
  });
});
