import type { Mail } from "./mailer.js";

// Every mail the product sends, each as plain text and the same words as simple HTML (no
// images, no tracking, no links but the one the mail is for). The product's name is in the
// subject and the signature.

const PRODUCT = "Potluck";

interface Paragraphs {
  to: string;
  subject: string;
  /** Each a paragraph; a `{ link }` one is shown as a link on its own. */
  body: (string | { link: string })[];
}

function compose({ to, subject, body }: Paragraphs): Mail {
  const text = [
    ...body.map((part) => (typeof part === "string" ? part : part.link)),
    `— ${PRODUCT}`,
  ]
    .join("\n\n")
    .concat("\n");
  const html = [
    '<!doctype html><html><body style="font-family: sans-serif; line-height: 1.5">',
    ...body.map((part) =>
      typeof part === "string"
        ? `<p>${escapeHtml(part)}</p>`
        : `<p><a href="${escapeHtml(part.link)}">${escapeHtml(part.link)}</a></p>`,
    ),
    `<p>— ${PRODUCT}</p>`,
    "</body></html>",
  ].join("\n");
  return { to, subject, text, html };
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const when = (date: Date) => `${date.toISOString().slice(0, 16).replace("T", " ")} UTC`;

/** The link to reset a forgotten password: one per account using the address. */
export const passwordResetMail = (
  to: string,
  username: string,
  link: string,
  ttlMinutes: number,
): Mail =>
  compose({
    to,
    subject: `Reset your ${PRODUCT} password`,
    body: [
      `Hello ${username},`,
      `Someone, we hope you, asked to reset the password of the ${PRODUCT} account "${username}". To choose a new password, open this link within ${ttlMinutes} minutes:`,
      { link },
      "The link works once. If you didn't ask for it, ignore this mail: your password stays as it is.",
    ],
  });

const notYou = (publicUrl: string) =>
  `If this wasn't you, reset your password now at ${publicUrl}/forgot-password and sign out the devices you don't know under Settings.`;

export const passwordChangedMail = (
  to: string,
  username: string,
  publicUrl: string,
  at: Date,
): Mail =>
  compose({
    to,
    subject: `Your ${PRODUCT} password was changed`,
    body: [
      `Hello ${username},`,
      `The password of your ${PRODUCT} account "${username}" was changed on ${when(at)}. Every other device signed in to it was signed out.`,
      notYou(publicUrl),
    ],
  });

export const passwordResetDoneMail = (
  to: string,
  username: string,
  publicUrl: string,
  at: Date,
): Mail =>
  compose({
    to,
    subject: `Your ${PRODUCT} password was reset`,
    body: [
      `Hello ${username},`,
      `The password of your ${PRODUCT} account "${username}" was reset with a link sent to this address on ${when(at)}. Every device signed in to it was signed out.`,
      notYou(publicUrl),
    ],
  });

/** Sent to the address the account used before: the one its owner surely still reads. */
export const emailChangedMail = (to: string, username: string, publicUrl: string, at: Date): Mail =>
  compose({
    to,
    subject: `Your ${PRODUCT} email address was changed`,
    body: [
      `Hello ${username},`,
      `The email address of your ${PRODUCT} account "${username}" was changed on ${when(at)}: mail for it now goes to the new address, not to this one.`,
      `If this wasn't you, write to whoever runs this ${PRODUCT} at ${publicUrl} to get your account back.`,
    ],
  });

/**
 * The hourly digest of a cook's unread notifications (notifications/digest.ts): one paragraph
 * and one link for each, then where to change what is mailed.
 */
export const notificationDigestMail = (
  to: string,
  username: string,
  items: { text: string; link: string }[],
  settingsLink: string,
): Mail =>
  compose({
    to,
    subject:
      items.length === 1
        ? `${PRODUCT}: 1 new notification`
        : `${PRODUCT}: ${items.length} new notifications`,
    body: [
      `Hello ${username},`,
      "Here is what happened since we last wrote:",
      ...items.flatMap((item) => [item.text, { link: item.link }]),
      "To choose what we mail you, open your notification settings:",
      { link: settingsLink },
    ],
  });
