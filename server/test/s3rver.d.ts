// s3rver ships no types: the part of its API the tests use.
declare module "s3rver" {
  import type { AddressInfo } from "node:net";

  export default class S3rver {
    constructor(options: {
      address?: string;
      port?: number;
      directory: string;
      silent?: boolean;
      resetOnClose?: boolean;
    });
    run(): Promise<AddressInfo>;
    /** Set while it runs. */
    httpServer?: import("node:http").Server;
    close(): Promise<void>;
  }
}
