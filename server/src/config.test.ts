import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig, parseConfig } from "./config.js";

const dataDir = mkdtempSync(path.join(os.tmpdir(), "potluck-config-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe("loadConfig", () => {
  it("names every bad variable in one message", () => {
    const load = () =>
      loadConfig({
        DATA_DIR: dataDir,
        PORT: "abc",
        DB_POOL_SIZE: "0",
        LOG_LEVEL: "loud",
        LOG_REQUESTS: "yes",
      });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(/PORT="abc": must be a port number/);
    expect(load).toThrow(/DB_POOL_SIZE="0": must be a whole number above 0/);
    expect(load).toThrow(/LOG_LEVEL="loud"/);
    expect(load).toThrow(/LOG_REQUESTS="yes"/);
  });

  it("takes 1 to 64 worker processes", () => {
    expect(loadConfig({ DATA_DIR: dataDir }).webConcurrency).toBe(1);
    expect(loadConfig({ DATA_DIR: dataDir, WEB_CONCURRENCY: "4" }).webConcurrency).toBe(4);
    for (const bad of ["0", "65", "2.5", "many"]) {
      expect(() => loadConfig({ DATA_DIR: dataDir, WEB_CONCURRENCY: bad })).toThrow(
        `WEB_CONCURRENCY="${bad}": must be a whole number from 1 to 64`,
      );
    }
  });

  it("refuses a non-PostgreSQL DATABASE_URL and a short secret without printing them", () => {
    expect(() => loadConfig({ DATA_DIR: dataDir, DATABASE_URL: "mysql://x/db" })).toThrow(
      /DATABASE_URL: must be a postgres:\/\/ URL/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: "short" })).toThrow(
      /SESSION_SECRET: must be at least 16 characters/,
    );
  });

  it("fills in the defaults and reads numbers", () => {
    const config = loadConfig({ DATA_DIR: dataDir, PORT: "8080", DATABASE_URL: "" });
    expect(config.port).toBe(8080);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.logRequests).toBe(true);
    expect(loadConfig({ DATA_DIR: dataDir, LOG_REQUESTS: "false" }).logRequests).toBe(false);
    const production = { DATA_DIR: dataDir, NODE_ENV: "production" };
    expect(loadConfig(production).logRequests).toBe(false);
    expect(loadConfig({ ...production, LOG_REQUESTS: "true" }).logRequests).toBe(true);
    expect(config.database).toEqual({
      poolSize: 20,
      connectTimeoutMs: 5000,
      statementTimeoutMs: 15000,
    });
  });
});

describe("mail and password resets", () => {
  it("writes to the outbox without SMTP_URL, with links to this server", () => {
    const config = parseConfig({ DATA_DIR: dataDir, PORT: "8080" });
    expect(config.mail).toEqual({
      smtpUrl: undefined,
      outboxDir: path.join(dataDir, "outbox"),
      from: "Potluck <potluck@localhost>",
      publicUrl: "http://localhost:8080",
    });
    expect(config.passwordResetTtlMinutes).toBe(60);
    expect(config.limits.passwordResetsPerAddress).toEqual({ max: 20, windowSeconds: 3600 });
    expect(config.limits.passwordResetsPerEmail).toEqual({ max: 5, windowSeconds: 3600 });
  });

  it("takes SMTP_URL with PUBLIC_URL, and MAIL_FROM as an address with or without a name", () => {
    const config = parseConfig({
      DATA_DIR: dataDir,
      SMTP_URL: "smtps://user:secret@mail.example.com:465",
      PUBLIC_URL: "https://potluck.example.com/",
      MAIL_FROM: "Our Kitchen <kitchen@example.com>",
      PASSWORD_RESET_TTL_MINUTES: "30",
    });
    expect(config.mail).toMatchObject({
      smtpUrl: "smtps://user:secret@mail.example.com:465",
      publicUrl: "https://potluck.example.com",
      from: "Our Kitchen <kitchen@example.com>",
    });
    expect(config.passwordResetTtlMinutes).toBe(30);
    expect(parseConfig({ DATA_DIR: dataDir, PUBLIC_URL: "https://a.example" }).mail.from).toBe(
      "Potluck <potluck@a.example>",
    );
  });

  it("refuses SMTP_URL without PUBLIC_URL and bad values, never printing the URL", () => {
    const error = () =>
      parseConfig({
        DATA_DIR: dataDir,
        SMTP_URL: "smtp://user:secret@mail.example.com",
        MAIL_FROM: "not an address",
        PASSWORD_RESET_TTL_MINUTES: "0",
      });
    expect(error).toThrow(/PUBLIC_URL: must be set when SMTP_URL is/);
    expect(error).toThrow(/MAIL_FROM="not an address": must be an address/);
    expect(error).toThrow(/PASSWORD_RESET_TTL_MINUTES="0": must be a whole number from 1 to 1440/);
    expect(error).not.toThrow(/secret/);
    expect(() => parseConfig({ DATA_DIR: dataDir, SMTP_URL: "http://mail.example.com" })).toThrow(
      /SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/,
    );
  });
});

describe("backups and the embedded database's port", () => {
  it("backs up daily, keeping 7, unless told otherwise; BACKUP_KEEP=0 turns it off", () => {
    expect(parseConfig({ DATA_DIR: dataDir }).backups).toEqual({
      dir: path.join(dataDir, "backups"),
      intervalHours: 24,
      keep: 7,
    });
    const custom = parseConfig({ DATA_DIR: dataDir, BACKUP_INTERVAL_HOURS: "6", BACKUP_KEEP: "0" });
    expect(custom.backups).toMatchObject({ intervalHours: 6, keep: 0 });
    for (const bad of ["0", "169", "1.5", "daily"]) {
      expect(() => parseConfig({ DATA_DIR: dataDir, BACKUP_INTERVAL_HOURS: bad })).toThrow(
        `BACKUP_INTERVAL_HOURS="${bad}": must be a whole number from 1 to 168`,
      );
    }
    for (const bad of ["-1", "1001", "all"]) {
      expect(() => parseConfig({ DATA_DIR: dataDir, BACKUP_KEEP: bad })).toThrow(
        `BACKUP_KEEP="${bad}": must be a whole number from 0 to 1000`,
      );
    }
  });

  it("leaves EMBEDDED_PG_PORT unset (a free port is picked) unless it names a port", () => {
    expect(parseConfig({ DATA_DIR: dataDir }).embeddedPostgresPort).toBeUndefined();
    expect(
      parseConfig({ DATA_DIR: dataDir, EMBEDDED_PG_PORT: "" }).embeddedPostgresPort,
    ).toBeUndefined();
    expect(parseConfig({ DATA_DIR: dataDir, EMBEDDED_PG_PORT: "54400" }).embeddedPostgresPort).toBe(
      54400,
    );
    for (const bad of ["0", "65536", "pg"]) {
      expect(() => parseConfig({ DATA_DIR: dataDir, EMBEDDED_PG_PORT: bad })).toThrow(
        `EMBEDDED_PG_PORT="${bad}": must be a port number (1-65535)`,
      );
    }
  });
});

describe("parseConfig and the start-up step", () => {
  it("parses without touching the disk; loadConfig then makes the media folder and secret", () => {
    const fresh = path.join(dataDir, "fresh");
    const parsed = parseConfig({ DATA_DIR: fresh });
    expect(parsed.sessionSecret).toBeUndefined();
    expect(existsSync(fresh)).toBe(false);
    const config = loadConfig({ DATA_DIR: fresh });
    expect(existsSync(config.mediaDir)).toBe(true);
    expect(readFileSync(path.join(fresh, "session-secret"), "utf8")).toBe(config.sessionSecret);
    expect(loadConfig({ DATA_DIR: fresh }).sessionSecret).toBe(config.sessionSecret);
  });
});
