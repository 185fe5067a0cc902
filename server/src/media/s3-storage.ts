import type { Readable } from "node:stream";
import type { S3Settings } from "../config.js";
import { IMAGE_KEY, IMMUTABLE, type ImageStorage } from "./storage.js";

// A bucket that is down must fail a request in a second or two, not after the SDK's default
// retries and Node's socket defaults (minutes): a cook waits on the upload, and a stuck
// request holds its connection. Silence is what marks a hung bucket (2 s without a byte
// either way); a slow but moving upload has up to 5 s until the answer begins.
const CONNECT_TIMEOUT_MS = 1000;
const IDLE_TIMEOUT_MS = 2000;
const ANSWER_TIMEOUT_MS = 5000;
const MAX_ATTEMPTS = 2;

/** An object read from the bucket, to stream to the client. */
export interface StoredObject {
  body: Readable;
  contentType: string | undefined;
  contentLength: number | undefined;
  etag: string | undefined;
}

export interface S3ImageStorage extends ImageStorage {
  /** The object under a key; null when there is none. Throws when the bucket cannot answer. */
  get(key: string): Promise<StoredObject | null>;
  /** Closes the client's kept-alive connections. */
  close(): void;
}

export async function createS3ImageStorage(settings: S3Settings): Promise<S3ImageStorage> {
  // Imported here, not at the top: the SDK takes a few hundred ms to load and a server on the
  // local disk never needs it (esbuild keeps a top-level import of a package eager even in a
  // module that is itself imported lazily).
  const { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } = await import(
    "@aws-sdk/client-s3"
  );
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    credentials: {
      accessKeyId: settings.accessKeyId,
      secretAccessKey: settings.secretAccessKey,
    },
    // bucket in the path (endpoint/bucket/key), not the host name: what MinIO, s3rver and
    // most S3-compatible servers answer without DNS set up per bucket.
    forcePathStyle: true,
    maxAttempts: MAX_ATTEMPTS,
    requestHandler: {
      connectionTimeout: CONNECT_TIMEOUT_MS,
      socketTimeout: IDLE_TIMEOUT_MS,
      requestTimeout: ANSWER_TIMEOUT_MS,
      // Without it the SDK only logs a warning when requestTimeout passes, and keeps waiting.
      throwOnRequestTimeout: true,
    },
    // The SDK's default CRC32 checksum headers are AWS-only; several S3-compatible servers
    // refuse or mishandle them. Send and check them only where an operation requires them.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const checked = (key: string) => {
    if (!IMAGE_KEY.test(key)) throw new Error(`bad storage key ${key}`);
    return key;
  };
  const storage: S3ImageStorage = {
    async put(key, data, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket: settings.bucket,
          Key: checked(key),
          Body: data,
          ContentType: contentType,
          CacheControl: IMMUTABLE,
        }),
      );
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket: settings.bucket, Key: checked(key) }));
    },
    url: (key) => (settings.publicUrl ? `${settings.publicUrl}/${key}` : `/media/${key}`),
    async get(key) {
      try {
        const object = await client.send(
          new GetObjectCommand({ Bucket: settings.bucket, Key: checked(key) }),
        );
        return {
          body: object.Body as Readable,
          contentType: object.ContentType,
          contentLength: object.ContentLength,
          etag: object.ETag,
        };
      } catch (error) {
        if (isMissingObject(error)) return null;
        throw error;
      }
    },
    async read(key) {
      return (await storage.get(key))?.body ?? null;
    },
    close: () => client.destroy(),
  };
  return storage;
}

/** NoSuchKey, as AWS names it; a plain 404 from servers that name it otherwise. */
function isMissingObject(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return error.name === "NoSuchKey" || (status === 404 && error.name !== "NoSuchBucket");
}
