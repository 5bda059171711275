// @vitest-environment happy-dom
/**
 * The client as a browser runs it: axios picks its XHR adapter under happy-dom, the CSRF token comes from the
 * document's <meta>, and the request crosses origins to a real node:http server (as a remote on another origin).
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { setApiBaseUrl } from './client.js';
import { getCurrentCustomer } from './customer.js';
import { getGenders } from './catalog.js';

let server: Server;
let base: string;
const seen: IncomingMessage[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const cors = {
      'access-control-allow-origin': req.headers.origin ?? '*',
      'access-control-allow-credentials': 'true',
      'access-control-allow-headers': 'x-requested-with, x-csrf-token, content-type',
    };
    if (req.method === 'OPTIONS') {
      res.writeHead(204, cors);
      res.end();
      return;
    }
    seen.push(req);
    if (req.url === '/api/v1/customers/current') {
      res.writeHead(204, cors);
      res.end();
      return;
    }
    res.writeHead(200, { ...cors, 'content-type': 'application/json' });
    res.end(JSON.stringify([{ GenderID: 10, Name: 'Uni' }]));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
});

afterAll(() => new Promise<void>((r) => server.close(() => r())));

it('sends the meta tag token and XHR marker through the browser adapter', async () => {
  expect(typeof XMLHttpRequest).toBe('function');
  document.head.innerHTML = '<meta name="csrf-token" content="browser-token">';
  setApiBaseUrl(base);
  expect(await getGenders()).toEqual([{ id: 10, name: 'Uni' }]);
  expect(seen.at(-1)?.headers['x-csrf-token']).toBe('browser-token');
  expect(seen.at(-1)?.headers['x-requested-with']).toBe('XMLHttpRequest');
  // happy-dom's XMLHttpRequest sent it (axios' node adapter would say "axios/…").
  expect(seen.at(-1)?.headers['user-agent']).toMatch(/HappyDOM/);
  expect(await getCurrentCustomer()).toBeNull();
});

it('logs the missing meta tag and still sends the request', async () => {
  document.head.innerHTML = '';
  const error = vi.spyOn(console, 'error').mockImplementation(() => {});
  const before = seen.length;
  await getGenders();
  expect(seen.length).toBe(before + 1);
  expect(error).toHaveBeenCalledTimes(1);
  expect(seen.at(-1)?.headers['x-csrf-token']).toBeUndefined();
});
