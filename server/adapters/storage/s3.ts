/**
 * The S3-compatible store (`STORAGE=s3`): AWS S3, MinIO, Garage, Cloudflare R2 — anything speaking the S3 API with
 * SigV4. Objects are `<bucket>/<key>`. The SDK retries what is worth retrying (5xx, throttling, a dropped connection)
 * up to three attempts in all; a refusal (wrong keys, no such bucket) is not retried and surfaces as an error. Checksums
 * are sent only where the API requires them, so that stores which do not know the newer checksum headers accept the
 * writes. Signed links are presigned GETs, good for the minutes asked.
 */
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { assertKey, assertPrefix, type FileStore } from "../../lib/storage";

export interface S3Settings {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
  /** Attempts per request, the first included (3 unless a test asks otherwise). */
  maxAttempts?: number;
}

const notFound = (err: unknown) =>
  err instanceof S3ServiceException && (err.$metadata.httpStatusCode === 404 || err.name === "NoSuchKey" || err.name === "NotFound");

export function createS3Store(settings: S3Settings): FileStore {
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    maxAttempts: settings.maxAttempts ?? 3,
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const Bucket = settings.bucket;

  return {
    kind: "s3",
    async put(key, bytes, contentType) {
      await client.send(new PutObjectCommand({ Bucket, Key: assertKey(key), Body: bytes, ContentLength: bytes.byteLength, ContentType: contentType ?? "application/octet-stream" }));
    },
    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: assertKey(key) }));
        return answer.Body ? (answer.Body.transformToWebStream() as ReadableStream<Uint8Array>) : null;
      } catch (err) {
        if (notFound(err)) return null;
        throw err;
      }
    },
    async head(key) {
      try {
        const answer = await client.send(new HeadObjectCommand({ Bucket, Key: assertKey(key) }));
        return { size: answer.ContentLength ?? 0 };
      } catch (err) {
        if (notFound(err)) return null;
        throw err;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: assertKey(key) }));
    },
    async list(prefix) {
      assertPrefix(prefix);
      const found: Array<{ key: string; size: number }> = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }));
        for (const o of page.Contents ?? []) if (o.Key) found.push({ key: o.Key, size: o.Size ?? 0 });
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return found.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    },
    async signedUrl(key, options) {
      const command = new GetObjectCommand({
        Bucket,
        Key: assertKey(key),
        ...(options.contentType ? { ResponseContentType: options.contentType } : {}),
        ...(options.disposition ? { ResponseContentDisposition: options.disposition } : {}),
      });
      return getSignedUrl(client, command, { expiresIn: options.expiresInSeconds });
    },
  };
}
