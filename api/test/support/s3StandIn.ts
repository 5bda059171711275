/**
 * A small S3-compatible server for the tests of the S3 image store (no internet here, and S3 is never required to run
 * the shop). It keeps S3's contract for what the store uses — PutObject, GetObject, HeadObject, DeleteObject with
 * path-style addressing — and checks every request's AWS Signature Version 4 (the signed headers, the query, the
 * payload hash against the body), answering S3's XML errors (SignatureDoesNotMatch, InvalidAccessKeyId, NoSuchBucket,
 * NoSuchKey, XAmzContentSHA256Mismatch) with S3's statuses. Objects live in memory with their Content-Type and
 * Cache-Control.
 *
 * Why our own: the in-process S3 servers on npm did not fit — s3rver (3.7, 2021) pulls years-old koa/busboy/
 * fast-xml-parser; its maintained fork @20minutes/s3rver needs Node 24 and fauxqs Node 22.5, while the shop runs on
 * Node ^20.19; MinIO is a binary that cannot be fetched here.
 */
import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface S3StandIn {
  endpoint: string;
  bucket: string;
  region: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
  objects: Map<string, { body: Buffer; contentType: string; cacheControl: string | undefined }>;
  /** Every request as `METHOD /bucket/key` with its answer's status. */
  log: Array<{ request: string; status: number }>;
  close(): Promise<void>;
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();
/** RFC 3986 encoding, as SigV4 wants for query keys and values. */
const encode = (text: string) => encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

function xmlError(res: ServerResponse, status: number, code: string, message: string): void {
  res.writeHead(status, { 'content-type': 'application/xml' });
  res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`);
}

/** Null when the request is signed by `credentials` for `region`/s3, else the S3 error code and message. */
function signatureProblem(req: IncomingMessage, body: Buffer, region: string, credentials: S3StandIn['credentials']): [number, string, string] | null {
  const auth = req.headers.authorization ?? '';
  const match = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(auth);
  if (!match) return [403, 'AccessDenied', 'Missing or malformed Authorization header'];
  const [, accessKeyId, day, scopeRegion, signedHeaders, signature] = match as unknown as [string, string, string, string, string, string];
  if (accessKeyId !== credentials.accessKeyId) return [403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.'];
  if (scopeRegion !== region) return [400, 'AuthorizationHeaderMalformed', `the region '${scopeRegion}' is wrong; expecting '${region}'`];
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  if (!amzDate.startsWith(day)) return [403, 'SignatureDoesNotMatch', 'x-amz-date does not match the credential scope'];
  const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
  if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256(body)) return [400, 'XAmzContentSHA256Mismatch', 'The provided x-amz-content-sha256 header does not match what was computed.'];
  const names = signedHeaders.split(';');
  if (!names.includes('host') || !names.includes('x-amz-date')) return [403, 'AccessDenied', 'host and x-amz-date must be signed'];
  const url = new URL(req.url ?? '/', 'http://stand-in');
  const query = [...url.searchParams.entries()]
    .map(([k, v]) => [encode(k), encode(v)] as const)
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const headers = names.map((name) => {
    const value = req.headers[name];
    return `${name}:${(Array.isArray(value) ? value.join(',') : (value ?? '')).trim().replace(/\s+/g, ' ')}\n`;
  });
  const canonical = [req.method, url.pathname, query, headers.join(''), signedHeaders, payloadHash].join('\n');
  const scope = `${day}/${region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${credentials.secretAccessKey}`, day), region), 's3'), 'aws4_request');
  if (createHmac('sha256', key).update(toSign).digest('hex') !== signature) {
    return [403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided.'];
  }
  return null;
}

export async function startS3StandIn(options: { bucket?: string; region?: string } = {}): Promise<S3StandIn> {
  const bucket = options.bucket ?? 'butikkbilder';
  const region = options.region ?? 'eu-north-1';
  const credentials = { accessKeyId: 'AKIASTANDIN00000001', secretAccessKey: 'stand-in-secret-key/0000000000000000000000' };
  const objects: S3StandIn['objects'] = new Map();
  const log: S3StandIn['log'] = [];

  const handle = (req: IncomingMessage, res: ServerResponse, body: Buffer) => {
    const problem = signatureProblem(req, body, region, credentials);
    if (problem) return xmlError(res, ...problem);
    const path = new URL(req.url ?? '/', 'http://stand-in').pathname;
    const [, bucketName, ...rest] = path.split('/');
    if (bucketName !== bucket) return xmlError(res, 404, 'NoSuchBucket', 'The specified bucket does not exist');
    const key = decodeURIComponent(rest.join('/'));
    if (!key) return xmlError(res, 400, 'InvalidRequest', 'This stand-in serves objects only');
    const etag = () => `"${createHash('md5').update(objects.get(key)!.body).digest('hex')}"`;
    switch (req.method) {
      case 'PUT': {
        const cacheControl = req.headers['cache-control'];
        objects.set(key, { body, contentType: String(req.headers['content-type'] ?? 'binary/octet-stream'), cacheControl });
        res.writeHead(200, { etag: etag() });
        return res.end();
      }
      case 'GET':
      case 'HEAD': {
        const object = objects.get(key);
        if (!object) {
          if (req.method === 'HEAD') return res.writeHead(404).end();
          return xmlError(res, 404, 'NoSuchKey', 'The specified key does not exist.');
        }
        res.writeHead(200, {
          'content-type': object.contentType,
          'content-length': object.body.length,
          etag: etag(),
          ...(object.cacheControl ? { 'cache-control': object.cacheControl } : {}),
        });
        return res.end(req.method === 'GET' ? object.body : undefined);
      }
      case 'DELETE':
        // S3 answers 204 whether or not the key was there.
        objects.delete(key);
        res.writeHead(204);
        return res.end();
      default:
        return xmlError(res, 405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');
    }
  };

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      res.on('finish', () => log.push({ request: `${req.method} ${new URL(req.url ?? '/', 'http://stand-in').pathname}`, status: res.statusCode }));
      handle(req, res, Buffer.concat(chunks));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    bucket,
    region,
    credentials,
    objects,
    log,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
