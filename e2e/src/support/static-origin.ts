import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize } from 'node:path';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.map': 'application/json',
};

/**
 * A second origin serving a remote's build output as a CDN would: static files with CORS, nothing else.
 * It proves a remote can be deployed apart from the shell. `refuse` names paths it answers 404 although they exist.
 */
export async function serveStatic(
  dir: string,
  options: { refuse?: (path: string) => boolean } = {},
): Promise<{ origin: string; close(): Promise<void>; hits: string[]; refused: string[] }> {
  const refused: string[] = [];
  const hits: string[] = [];
  const server: Server = createServer((req, res) => {
    const path = normalize(decodeURIComponent((req.url ?? '/').split('?')[0])).replace(/^(\.\.[/\\])+/, '');
    const file = join(dir, path);
    res.setHeader('Access-Control-Allow-Origin', '*');
    // A part of the deploy that is missing or broken at this origin (say the server build): 404, like any miss.
    const refuse = options.refuse?.(path) ?? false;
    if (refuse) refused.push(path);
    if (refuse || !file.startsWith(dir) || !existsSync(file) || !statSync(file).isFile()) {
      res.statusCode = 404;
      res.end('not found');
      return;
    }
    hits.push(path);
    res.setHeader('Content-Type', TYPES[extname(file)] ?? 'application/octet-stream');
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    origin: `http://127.0.0.1:${port}`,
    hits,
    refused,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
