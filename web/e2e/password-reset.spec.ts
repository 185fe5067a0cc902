// Issue 26: a cook who forgot their password asks for a link, reads it in the mail (received
// here by a real SMTP server, where the server under test sends it: playwright.config.ts),
// chooses a new password and logs in with their email. Then the settings: the account, the
// password change and the signed-in devices, one of them signed out.
import { type APIRequestContext, expect, request, test } from "@playwright/test";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { expectAccessible, PASSWORD, signUp, uniqueName } from "./fixtures";

const port = Number(process.env.E2E_PORT ?? 3999);
const shots = process.env.SHOTS_DIR ?? "test-results/screens";
const received: { to: string; subject: string; text: string }[] = [];
let smtp: SMTPServer;

test.beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          for (const to of session.envelope.rcptTo) {
            received.push({ to: to.address, subject: mail.subject ?? "", text: mail.text ?? "" });
          }
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(port + 2, "127.0.0.1", resolve));
});
test.afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

async function mailTo(address: string, subject: string) {
  await expect
    .poll(() => received.find((mail) => mail.to === address && mail.subject === subject), {
      timeout: 30_000,
    })
    .toBeTruthy();
  return received.find((mail) => mail.to === address && mail.subject === subject) as {
    text: string;
  };
}

/** A second device of the cook: its own cookies and browser name, signed in through the API. */
async function otherDevice(baseURL: string, login: string, password: string, userAgent: string) {
  const device = await request.newContext({ baseURL, userAgent });
  const csrf = await (await device.get("/api/auth/csrf/")).json();
  const response = await device.post("/api/auth/login/", {
    data: { username: login, password },
    headers: { "X-CSRFToken": csrf.csrfToken },
  });
  expect(response.status()).toBe(200);
  return device;
}
const signedIn = async (device: APIRequestContext) =>
  (await device.get("/api/users/me/")).status() === 200;

test("a forgotten password is reset from the mailed link, then the account's settings", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const username = uniqueName("reset");
  const email = `${username}@example.com`;
  await signUp(page, username);
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expectAccessible(page);
  await page.getByLabel("Email").fill(email.toUpperCase());
  await page.screenshot({ path: `${shots}/forgot-password.png` });
  await page.getByRole("button", { name: "Send me a link" }).click();
  const sent = "If an account uses that address, we've sent a link to reset its password.";
  await expect(page.getByRole("status").filter({ hasText: sent })).toHaveText(sent);
  await page.screenshot({ path: `${shots}/forgot-password-sent.png` });

  const mail = await mailTo(email, "Reset your Potluck password");
  console.log(`received: Reset your Potluck password\n${mail.text}`);
  const link = /http\S+\/reset-password\?token=[\w-]+/.exec(mail.text)?.[0] as string;
  expect(link.startsWith(`${baseURL}/reset-password?token=`)).toBe(true);

  const opened = await page.goto(link);
  expect(opened?.headers()["referrer-policy"]).toBe("no-referrer");
  await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  await expectAccessible(page);
  const newPassword = "mango-chutney-77";
  await page.getByLabel("New password", { exact: true }).fill(newPassword);
  await page.getByLabel("Confirm new password").fill("mango-chutney-78");
  await page.getByRole("button", { name: "Set my new password" }).click();
  await expect(page.getByText("Password fields didn't match.")).toBeVisible();
  await page.getByLabel("Confirm new password").fill(newPassword);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${shots}/reset-password.png` });
  await page.getByRole("button", { name: "Set my new password" }).click();

  await expect(page).toHaveURL(/\/login$/);
  const done = "Your password has been reset. Please log in.";
  await expect(page.getByRole("status").filter({ hasText: done })).toHaveText(done);
  await page.screenshot({ path: `${shots}/login-after-reset.png` });
  const notice = await mailTo(email, "Your Potluck password was reset");
  console.log(`received: Your Potluck password was reset\n${notice.text}`);

  // The old password opens nothing; the new one does, with the email in the username field.
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Log In" }).click();
  await expect(page.getByRole("alert")).toHaveText("Invalid credentials.");
  await page.getByLabel("Username").fill(email);
  await page.getByLabel("Password").fill(newPassword);
  await page.getByRole("button", { name: "Log In" }).click();
  await expect(page.getByText(`Welcome, ${username}!`)).toBeVisible();

  // The link was used: it works no more.
  await page.goto(link);
  await page.getByLabel("New password", { exact: true }).fill("another-pass-phrase");
  await page.getByLabel("Confirm new password").fill("another-pass-phrase");
  await page.getByRole("button", { name: "Set my new password" }).click();
  await expect(page.getByRole("alert")).toContainText(
    "This password reset link is invalid or has expired.",
  );

  // Two more devices: a phone and a tablet.
  const phone = await otherDevice(
    baseURL as string,
    username,
    newPassword,
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  );
  const tablet = await otherDevice(
    baseURL as string,
    email,
    newPassword,
    "Mozilla/5.0 (Linux; Android 14; Pixel Tablet) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
  );

  await page.goto("/settings");
  const account = page.getByRole("region", { name: "Account", exact: true });
  await expect(account.getByLabel("Email")).toHaveValue(email);
  await account.getByLabel("First name").fill("Rosa");
  await account.getByRole("button", { name: "Save changes" }).click();
  await expect(account.getByText("Saved.")).toBeVisible();

  const devices = page.getByRole("region", { name: "Signed-in devices" });
  await expect(devices.getByRole("listitem")).toHaveCount(3);
  await expect(devices.getByRole("listitem").filter({ hasText: "This device" })).toHaveCount(1);
  await expect(devices.getByText("Safari on iPhone")).toBeVisible();
  await expect(devices.getByText("Chrome on Android")).toBeVisible();
  await expectAccessible(page);
  // From the top, so the sticky header is not painted over the middle of a full-page shot.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${shots}/settings-account-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 360, height: 740 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${shots}/settings-360.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  await devices.getByRole("button", { name: /^Sign out Safari on iPhone/ }).click();
  await expect(devices.getByRole("listitem")).toHaveCount(2);
  expect(await signedIn(phone)).toBe(false);
  expect(await signedIn(tablet)).toBe(true);

  // A password change keeps this device and signs the tablet out.
  await account.getByLabel("Current password").fill(newPassword);
  await account.getByLabel("New password", { exact: true }).fill("plum-crumble-31");
  await account.getByLabel("Confirm new password").fill("plum-crumble-31");
  await account.getByRole("button", { name: "Change password" }).click();
  await expect(
    account.getByText("Your password has been changed. Your other devices have been signed out."),
  ).toBeVisible();
  expect(await signedIn(tablet)).toBe(false);
  await expect(devices.getByRole("listitem")).toHaveCount(1);
  await expect(devices.getByRole("button", { name: "Sign out everywhere else" })).toHaveCount(0);
  await mailTo(email, "Your Potluck password was changed");

  // "Sign out everywhere else" with one more device.
  const laptop = await otherDevice(baseURL as string, username, "plum-crumble-31", "curl/8.5.0");
  await page.reload();
  await expect(devices.getByRole("listitem")).toHaveCount(2);
  await expect(devices.getByText("Unknown browser")).toBeVisible();
  await devices.getByRole("button", { name: "Sign out everywhere else" }).click();
  await expect(devices.getByRole("listitem")).toHaveCount(1);
  expect(await signedIn(laptop)).toBe(false);
  await expect(page.getByText(`Welcome, ${username}!`)).toBeVisible();
  for (const device of [phone, tablet, laptop]) await device.dispose();
});
