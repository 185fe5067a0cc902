// A local S3-compatible server (s3rver) for the image tests: in-process, on a free port, its
// objects in a temporary directory, with the bucket made through the S3 API as a deployment
// would. It can be stopped and started again on the same port and data: a bucket that is down.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  CreateBucketCommand,
  HeadObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import { afterAll } from "vitest";

// s3rver's fixed credentials: it checks request signatures against these.
const ACCESS_KEY = "S3RVER";
const SECRET_KEY = "S3RVER";
const BUCKET = "potluck-images";

export interface TestBucket {
  /** The STORAGE=s3 environment of an app that keeps its images in this bucket. */
  env: Record<string, string>;
  /** The bucket's own address, which serves objects to anyone: a stand-in for a CDN. */
  publicUrl: string;
  has(key: string): Promise<boolean>;
  stop(): Promise<void>;
  /** Starts it again on the same port, with the objects it had. */
  start(): Promise<void>;
}

/** Starts s3rver with an empty bucket; stopped and deleted after the file. */
export async function startTestBucket(): Promise<TestBucket> {
  const directory = mkdtempSync(path.join(os.tmpdir(), "potluck-s3-"));
  let server = new S3rver({ address: "127.0.0.1", port: 0, directory, silent: true });
  const { port } = await server.run();
  let running = true;
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    endpoint,
    region: "us-east-1",
    credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: SECRET_KEY },
    forcePathStyle: true,
  });
  await client.send(new CreateBucketCommand({ Bucket: BUCKET }));

  const bucket: TestBucket = {
    env: {
      STORAGE: "s3",
      S3_ENDPOINT: endpoint,
      S3_BUCKET: BUCKET,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: SECRET_KEY,
    },
    publicUrl: `${endpoint}/${BUCKET}`,
    async has(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key }));
        return true;
      } catch (error) {
        if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) {
          return false;
        }
        throw error;
      }
    },
    async stop() {
      if (!running) return;
      running = false;
      // Kept-alive connections too: a bucket that is down answers nothing, not even on a
      // connection the app opened before.
      const closed = server.close();
      server.httpServer?.closeAllConnections();
      await closed;
    },
    async start() {
      server = new S3rver({ address: "127.0.0.1", port, directory, silent: true });
      await server.run();
      running = true;
    },
  };
  afterAll(async () => {
    client.destroy();
    await bucket.stop();
    rmSync(directory, { recursive: true, force: true });
  });
  return bucket;
}
