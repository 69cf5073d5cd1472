import "server-only";
import { createTranslator, type AbstractIntlMessages } from "next-intl";
import { isLocale, type Locale } from "@/i18n/config";
import type dashboard from "@/messages/dashboard/en.json";

// A mail in its recipient's language, from the dashboard's catalogue (its `mail` namespace): a
// plain-text part and an HTML part that say the same thing, each with the link to the page concerned.

type Catalogue = typeof dashboard;

const cache = new Map<Locale, Promise<Catalogue>>();
function catalogue(locale: Locale): Promise<Catalogue> {
  let found = cache.get(locale);
  if (!found) {
    found = import(`../../../messages/dashboard/${locale}.json`).then((m: { default: Catalogue }) => m.default);
    cache.set(locale, found);
  }
  return found;
}

/** Looks a message up by its full key ("mail.reset.subject"); the catalogue tests keep the keys in step. */
export type MailTranslator = (key: string, values?: Record<string, string | number | Date>) => string;

/** A translator of the dashboard's catalogue for a stored locale (English for anything else). */
export async function mailTranslator(locale: string): Promise<{ locale: Locale; t: MailTranslator }> {
  const language: Locale = isLocale(locale) ? locale : "en";
  const messages = (await catalogue(language)) as unknown as AbstractIntlMessages;
  // untyped on purpose: the typed translator of the whole catalogue is too deep for the compiler here
  const translate = createTranslator({ locale: language, messages }) as unknown as MailTranslator;
  return { locale: language, t: translate };
}

/** What a mail says: paragraphs, an optional list of items with links, one button, a footer. */
export type MailContent = {
  subject: string;
  heading: string;
  paragraphs: string[];
  items?: { text: string; url: string }[];
  action?: { label: string; url: string };
  footer: string[];
  /** The category's unsubscribe page, offered in the footer. */
  unsubscribe?: { label: string; url: string };
};

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

export function mailText(content: MailContent): string {
  const lines = [content.heading, "", ...content.paragraphs.flatMap((p) => [p, ""])];
  for (const item of content.items ?? []) lines.push(`- ${item.text}`, `  ${item.url}`);
  if (content.items?.length) lines.push("");
  if (content.action) lines.push(`${content.action.label}: ${content.action.url}`, "");
  lines.push("-- ", ...content.footer);
  if (content.unsubscribe) lines.push(`${content.unsubscribe.label}: ${content.unsubscribe.url}`);
  return `${lines.join("\n")}\n`;
}

const BUTTON = "background:#c2410c;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none;font-weight:600";

export function mailHtml(content: MailContent, locale: string): string {
  const paragraphs = content.paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join("");
  const items = content.items?.length
    ? `<ul style="margin:0 0 16px;padding-left:20px">${content.items
        .map(
          (item) => `<li style="margin:0 0 8px"><a href="${escapeHtml(item.url)}" style="color:#c2410c">${escapeHtml(item.text)}</a></li>`,
        )
        .join("")}</ul>`
    : "";
  const action = content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="${BUTTON}">${escapeHtml(content.action.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;color:#52525b;word-break:break-all">${escapeHtml(content.action.url)}</p>`
    : "";
  const footer = [
    ...content.footer.map(escapeHtml),
    ...(content.unsubscribe
      ? [`<a href="${escapeHtml(content.unsubscribe.url)}" style="color:#52525b">${escapeHtml(content.unsubscribe.label)}</a>`]
      : []),
  ].join("<br>");
  return (
    `<!doctype html><html lang="${escapeHtml(locale)}"><head><meta charset="utf-8"><title>${escapeHtml(content.subject)}</title></head>` +
    `<body style="margin:0;padding:24px;background:#f4f4f5;font-family:system-ui,-apple-system,Segoe UI,sans-serif;color:#18181b">` +
    `<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">` +
    `<h1 style="margin:0 0 16px;font-size:20px">${escapeHtml(content.heading)}</h1>${paragraphs}${items}${action}` +
    `<p style="margin:24px 0 0;border-top:1px solid #e4e4e7;padding-top:12px;font-size:12px;color:#52525b">${footer}</p>` +
    `</div></body></html>`
  );
}
