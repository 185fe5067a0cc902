// The email digest of notifications (issue 27 §1): at most one mail an hour per cook, listing
// their unread, not yet mailed notifications of the kinds they asked to be mailed about, with
// links; sent through the mail job queue to a real SMTP server.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { startBackgroundJobs } from "../src/background-jobs.js";
import { MAIL_JOB, runMailJob } from "../src/mail/jobs.js";
import { createMailer } from "../src/mail/mailer.js";
import { NOTIFICATION_DIGEST_CRON, sendDigests } from "../src/notifications/digest.js";
import {
  deleteOldReadNotifications,
  NOTIFICATION_RETENTION_CRON,
} from "../src/notifications/retention.js";
import { buildRecipe, signedIn } from "./factories.js";
import { createTestApp } from "./helper.js";
import { startTestSmtpServer } from "./smtp-server.js";

const smtp = await startTestSmtpServer();
const { app, db, config } = await createTestApp({ env: smtp.env });
// Mail jobs only: the digest runs when a test says, not on the clock.
await app.jobs.work(MAIL_JOB, (job) =>
  runMailJob(createMailer(config.mail, app.log), app.log, job),
);

const deps = { db, jobs: app.jobs, publicUrl: config.mail.publicUrl, log: app.log };
const SETTINGS = "/api/users/me/notification-settings/";
const cook = () => signedIn(app, db);

/** As if the cook's last digest was sent more than an hour ago. */
const anHourLater = (userId: number) =>
  db.execute(sql`update notifications set emailed_at = emailed_at - interval '61 minutes'
    where user_id = ${userId} and emailed_at is not null`);

const emailed = async (userId: number) =>
  (
    await db.execute<{ kind: string }>(sql`
      select kind from notifications where user_id = ${userId} and emailed_at is not null
      order by id`)
  ).rows.map((row) => row.kind);

describe("the notification digest", () => {
  it("mails the kinds asked for, once, with links; at most one mail an hour", async () => {
    const [bo, ana, cy, dee] = [await cook(), await cook(), await cook(), await cook()];
    expect((await bo.agent.patch(SETTINGS, { follow: { email: true } })).statusCode).toBe(200);
    await bo.agent.post(`/api/users/${ana.user.id}/follow/`); // to Ana, who mails nothing
    await ana.agent.post(`/api/users/${bo.user.id}/follow/`);
    await cy.agent.post(`/api/users/${bo.user.id}/follow/`);
    const recipe = await buildRecipe(db, bo.user.id, { title: "Fish <pie> & chips" });
    await ana.agent.post("/api/recipes/ratings/", { recipe: recipe.id, rating: 8, comment: "" });

    expect(await sendDigests(deps)).toBeGreaterThanOrEqual(1);
    const mail = await smtp.waitFor(bo.user.email);
    expect(mail.subject).toBe("Potluck: 2 new notifications");
    expect(mail.text).toContain(`${cy.user.username} started following you.`);
    expect(mail.text).toContain(`${ana.user.username} started following you.`);
    expect(mail.text).toContain(`http://potluck.test/cooks/${ana.user.username}`);
    expect(mail.text).toContain("http://potluck.test/settings");
    expect(mail.text).not.toContain("rated"); // ratings are not mailed to Bo
    expect(mail.html).toContain(`href="http://potluck.test/cooks/${cy.user.username}"`);
    expect(await emailed(bo.user.id)).toEqual(["follow", "follow"]);
    expect(smtp.to(ana.user.email)).toHaveLength(0);

    // Within the hour: nothing more, even with something new.
    await dee.agent.post(`/api/users/${bo.user.id}/follow/`);
    await sendDigests(deps);
    await anHourLater(bo.user.id);
    await sendDigests(deps);
    const next = await smtp.waitFor(bo.user.email, 2);
    expect(next.subject).toBe("Potluck: 1 new notification");
    expect(next.text).toContain(`${dee.user.username} started following you.`);
    expect(next.text).not.toContain(`${cy.user.username} started`);
    // Nothing left to mail: no third mail, however late.
    await anHourLater(bo.user.id);
    await sendDigests(deps);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(smtp.to(bo.user.email)).toHaveLength(2);
  });

  it("leaves out what was read before it went, and a rating of a recipe mailed with its title", async () => {
    const [bo, ana] = [await cook(), await cook()];
    await bo.agent.patch(SETTINGS, { follow: { email: true }, rating: { email: true } });
    await ana.agent.post(`/api/users/${bo.user.id}/follow/`);
    await bo.agent.post("/api/notifications/read/", {});
    const recipe = await buildRecipe(db, bo.user.id, { title: "Fish <pie> & chips" });
    await ana.agent.post("/api/recipes/ratings/", { recipe: recipe.id, rating: 8, comment: "" });
    await sendDigests(deps);
    const mail = await smtp.waitFor(bo.user.email);
    expect(mail.subject).toBe("Potluck: 1 new notification");
    expect(mail.text).toContain(`${ana.user.username} rated your recipe “Fish <pie> & chips”.`);
    expect(mail.text).toContain(`http://potluck.test/recipe/${recipe.id}/${recipe.slug}`);
    expect(mail.html).toContain("Fish &#60;pie&#62; &#38; chips");
    expect(await emailed(bo.user.id)).toEqual(["rating"]);
  });

  it("runs on a schedule once the background jobs start", async () => {
    const local = await createTestApp();
    await startBackgroundJobs(local.app);
    const schedules = await local.db.execute<{ name: string; cron: string }>(
      sql`select name, cron from pgboss.schedule where name = 'notification-digest'`,
    );
    expect(schedules.rows).toEqual([
      { name: "notification-digest", cron: NOTIFICATION_DIGEST_CRON },
    ]);
  });
});

describe("keeping notifications (issue 35 §3)", () => {
  it("deletes read ones 90 days after they were read, and keeps unread ones however old", async () => {
    const [bo, ana, cy, dee] = [await cook(), await cook(), await cook(), await cook()];
    for (const follower of [ana, cy, dee]) {
      await follower.agent.post(`/api/users/${bo.user.id}/follow/`);
    }
    const ids = (
      await db.execute<{ id: number }>(
        sql`select id from notifications where user_id = ${bo.user.id} order by id`,
      )
    ).rows.map((row) => row.id);
    const [oldRead, recentRead, oldUnread] = ids;
    await bo.agent.post("/api/notifications/read/", { ids: [oldRead, recentRead] });
    await db.execute(sql`update notifications set read_at = now() - interval '91 days',
      created_on = now() - interval '100 days' where id = ${oldRead}`);
    await db.execute(sql`update notifications set read_at = now() - interval '89 days'
      where id = ${recentRead}`);
    await db.execute(sql`update notifications set created_on = now() - interval '400 days'
      where id = ${oldUnread}`);
    expect(await deleteOldReadNotifications(db)).toBeGreaterThanOrEqual(1);
    const left = await db.execute<{ id: number }>(
      sql`select id from notifications where user_id = ${bo.user.id} order by id`,
    );
    expect(left.rows.map((row) => row.id)).toEqual([recentRead, oldUnread]);
    const page = (await bo.agent.get("/api/notifications/")).json();
    expect(page.unread_count).toBe(1);
  });

  it("runs daily once the background jobs start", async () => {
    const local = await createTestApp();
    await startBackgroundJobs(local.app);
    const schedules = await local.db.execute<{ name: string; cron: string }>(
      sql`select name, cron from pgboss.schedule where name = 'notification-retention'`,
    );
    expect(schedules.rows).toEqual([
      { name: "notification-retention", cron: NOTIFICATION_RETENTION_CRON },
    ]);
  });
});
