import type { Language } from "@potluck/contract/languages";
import { formatMessage } from "../i18n/catalogue.js";
import type { Mail } from "./mailer.js";

// Every mail the product sends, each as plain text and the same words as simple HTML (no
// images, no tracking, no links but the one the mail is for). The product's name is in the
// subject and the signature. Each is written in its recipient's language (issue 37): the one
// they chose, else English.

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
  language: Language,
  username: string,
  link: string,
  ttlMinutes: number,
): Mail =>
  compose({
    to,
    subject: formatMessage(language, "mail.passwordReset.subject"),
    body: [
      formatMessage(language, "mail.greeting", { username }),
      formatMessage(language, "mail.passwordReset.intro", {
        username,
        minutes: String(ttlMinutes),
      }),
      { link },
      formatMessage(language, "mail.passwordReset.ignore"),
    ],
  });

const notYou = (language: Language, publicUrl: string) =>
  formatMessage(language, "mail.notYou", { resetUrl: `${publicUrl}/forgot-password` });

export const passwordChangedMail = (
  to: string,
  language: Language,
  username: string,
  publicUrl: string,
  at: Date,
): Mail =>
  compose({
    to,
    subject: formatMessage(language, "mail.passwordChanged.subject"),
    body: [
      formatMessage(language, "mail.greeting", { username }),
      formatMessage(language, "mail.passwordChanged.body", { username, when: when(at) }),
      notYou(language, publicUrl),
    ],
  });

export const passwordResetDoneMail = (
  to: string,
  language: Language,
  username: string,
  publicUrl: string,
  at: Date,
): Mail =>
  compose({
    to,
    subject: formatMessage(language, "mail.passwordResetDone.subject"),
    body: [
      formatMessage(language, "mail.greeting", { username }),
      formatMessage(language, "mail.passwordResetDone.body", { username, when: when(at) }),
      notYou(language, publicUrl),
    ],
  });

/** Sent to the address the account used before: the one its owner surely still reads. */
export const emailChangedMail = (
  to: string,
  language: Language,
  username: string,
  publicUrl: string,
  at: Date,
): Mail =>
  compose({
    to,
    subject: formatMessage(language, "mail.emailChanged.subject"),
    body: [
      formatMessage(language, "mail.greeting", { username }),
      formatMessage(language, "mail.emailChanged.body", { username, when: when(at) }),
      formatMessage(language, "mail.emailChanged.notYou", { url: publicUrl }),
    ],
  });

/**
 * The hourly digest of a cook's unread notifications (notifications/digest.ts): one paragraph
 * and one link for each, then where to change what is mailed.
 */
export const notificationDigestMail = (
  to: string,
  language: Language,
  username: string,
  items: { text: string; link: string }[],
  settingsLink: string,
): Mail =>
  compose({
    to,
    subject: formatMessage(language, "mail.digest.subject", { count: items.length }),
    body: [
      formatMessage(language, "mail.greeting", { username }),
      formatMessage(language, "mail.digest.intro"),
      ...items.flatMap((item) => [item.text, { link: item.link }]),
      formatMessage(language, "mail.digest.settings"),
      { link: settingsLink },
    ],
  });
