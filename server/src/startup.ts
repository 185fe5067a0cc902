// What every server process does first: read the configuration and open the database, with
// a message (never a stack trace) for what a person has to fix.
import { type Config, ConfigError, loadConfig } from "./config.js";
import { DataDirBusyError } from "./db/data-dir-lock.js";
import { EmbeddedPortTakenError } from "./db/embedded-port.js";
import { type OpenDatabase, openDatabase } from "./db/open.js";
import { isDatabaseUnavailable } from "./db/unavailable.js";
import { loadReferenceData } from "./reference-data.js";

export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

interface DatabaseOptions {
  /** Named to a second server that finds the data directory taken. */
  holder: string;
  poolSize: number;
  /** False: connect only (a cluster worker, whose primary has prepared the database). */
  prepare?: boolean;
  warn: (message: string) => void;
}

/**
 * Opens the database, waiting for an external one that is not up yet (a server and its
 * database are often started together). Anything else stops the start with its message.
 */
export async function openDatabaseWhenReachable(
  config: Config,
  options: DatabaseOptions,
): Promise<OpenDatabase> {
  for (;;) {
    try {
      return await openDatabase(config, {
        holder: options.holder,
        poolSize: options.poolSize,
        prepare: options.prepare,
        referenceData: loadReferenceData,
        onConnectionError: (error) => options.warn(`database connection lost: ${error.message}`),
      });
    } catch (error) {
      if (error instanceof DataDirBusyError || error instanceof EmbeddedPortTakenError) {
        console.error(error.message);
        process.exit(1);
      }
      if (!(config.databaseUrl && isDatabaseUnavailable(error))) throw error;
      options.warn(`Waiting for the database: ${(error as Error).message}`);
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
  }
}
