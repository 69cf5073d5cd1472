import type { MailTranslator } from "@/lib/dashboard/mail/render";

/** A notification's sentence in a language: its kind's message with its arguments. */
export function notificationText(t: MailTranslator, kind: string, params: Record<string, string | number>): string {
  return t(`notifications.kinds.${kind}`, params);
}
