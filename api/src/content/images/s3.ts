/**
 * Images in an S3-compatible bucket (S3_BUCKET, config.ts): objects `images/{id}/{file}`. With S3_ENDPOINT (MinIO,
 * Cloudflare R2, Ceph, a stand-in in the tests) path-style addressing; checksums only where S3 requires them, since
 * several S3-compatible services refuse the newer default trailing checksums of the AWS SDK.
 */
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import type { ImageStorageConfig } from '../../config.js';
import { checkKey, type ImageStore } from './store.js';

/** Every object of the shop's images sits under this prefix, so the bucket may hold other things too. */
export const S3_PREFIX = 'images/';

export function s3ImageStore(config: Extract<ImageStorageConfig, { kind: 's3' }>): ImageStore {
  const client = new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint, forcePathStyle: true } : {}),
    ...(config.credentials ? { credentials: config.credentials } : {}),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
  });
  const objectKey = (key: string) => `${S3_PREFIX}${checkKey(key)}`;
  return {
    kind: 's3',
    location: `s3://${config.bucket}${config.endpoint ? ` at ${config.endpoint}` : ''}`,
    async put(key, body, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket: config.bucket,
          Key: objectKey(key),
          Body: body,
          ContentType: contentType,
          ContentLength: body.length,
          // Ids are never reused: the object under a key never changes (as the served Cache-Control says).
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
    },
    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: objectKey(key) }));
        if (!answer.Body) return null;
        return { body: Buffer.from(await answer.Body.transformToByteArray()), contentType: answer.ContentType ?? 'application/octet-stream' };
      } catch (error) {
        // Only a missing key is a missing image: a missing bucket (any other 404) is a setup fault and must be loud.
        if (error instanceof NoSuchKey || (error instanceof S3ServiceException && error.name === 'NoSuchKey')) return null;
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: objectKey(key) }));
    },
  };
}
