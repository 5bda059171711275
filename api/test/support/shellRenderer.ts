/**
 * A stand-in for the shell's server build (shell/dist/server/main.cjs) in the fake build trees of the API tests: the
 * API's side of page serving (session, CSRF, CSP, statuses, redirects) is tested without building the front ends.
 * It renders what the real renderer renders of the API's input — the token, the nonce meta — and writes the render
 * request it got (minus template and transport) as JSON into the page, so a test can see what the API handed over.
 * Pages rendered by the real build: api/test/api/server-render.test.ts.
 */
import fs from 'node:fs';
import path from 'node:path';

export const RENDER_REQUEST_ELEMENT_ID = 'test-render-request';

const FAKE_RENDERER = `'use strict';
const { PassThrough } = require('node:stream');
const escape = (value) => String(value).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
exports.renderPage = async (request) => {
  const { template, transport, ...seen } = request;
  let html = template.replace(/__CSRF_TOKEN__/g, escape(request.csrfToken));
  const at = html.indexOf('</head>');
  if (at >= 0) html = html.slice(0, at) + '<meta name="csp-nonce" content="' + escape(request.nonce) + '">' + html.slice(at);
  const seenJson = JSON.stringify(seen).replace(/</g, '\\\\u003c');
  const end = html.lastIndexOf('</body>');
  const script = '<script type="application/json" id="${RENDER_REQUEST_ELEMENT_ID}">' + seenJson + '</script>';
  html = end >= 0 ? html.slice(0, end) + script + html.slice(end) : html + script;
  const body = new PassThrough();
  body.end(html);
  return { status: 200, body };
};
`;

/** Writes the stand-in renderer into `<root>/shell/dist/server/main.cjs`. */
export function writeFakeShellRenderer(root: string): void {
  const dir = path.join(root, 'shell', 'dist', 'server');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'main.cjs'), FAKE_RENDERER);
}

/** The render request the stand-in wrote into a page. */
export function renderRequestOf(html: string): Record<string, unknown> | null {
  const match = new RegExp(`<script type="application/json" id="${RENDER_REQUEST_ELEMENT_ID}">(.*?)</script>`).exec(html);
  return match ? (JSON.parse(match[1]!) as Record<string, unknown>) : null;
}
