import { Link } from "@/components/ui/app-link";
import { useTranslations } from "next-intl";
import { EmptyState } from "@/components/ui/states";
import type { ConsoleMailDetail, ConsoleMailList } from "@/lib/dashboard/contract/console-api";
import { useFormat } from "@/lib/dashboard/client/use-format";

const statusClass: Record<string, string> = {
  sent: "bg-emerald-100 text-emerald-800 dark:bg-emerald-900/40 dark:text-emerald-200",
  caught: "bg-sky-100 text-sky-800 dark:bg-sky-900/40 dark:text-sky-200",
  queued: "bg-amber-100 text-amber-800 dark:bg-amber-900/40 dark:text-amber-200",
  failed: "bg-red-100 text-red-800 dark:bg-red-900/40 dark:text-red-200",
};

/** The links of a mail's plain-text part, to follow from the console (the HTML preview runs nothing). */
const linksOf = (text: string) => [...new Set(text.match(/https?:\/\/[^\s<>"]+/g) ?? [])];

function MailView({ mail }: { mail: ConsoleMailDetail }) {
  const t = useTranslations("operator.mail");
  const links = linksOf(mail.text);
  return (
    <article aria-labelledby="mail-subject" className="flex flex-col gap-3 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
      <h2 id="mail-subject" className="font-semibold break-words">
        {mail.subject}
      </h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-zinc-500 dark:text-zinc-400">{t("to")}</dt>
        <dd className="wrap-anywhere">{mail.to}</dd>
        {Object.entries(mail.headers).map(([name, value]) => (
          <div key={name} className="contents">
            <dt className="text-zinc-500 dark:text-zinc-400">{name}</dt>
            <dd className="font-mono text-xs wrap-anywhere">{value}</dd>
          </div>
        ))}
      </dl>
      {links.length > 0 && (
        <ul aria-label={t("links")} className="flex flex-col gap-1 text-sm">
          {links.map((url) => (
            <li key={url}>
              <a href={url} className="wrap-anywhere text-orange-700 underline dark:text-orange-400">
                {url}
              </a>
            </li>
          ))}
        </ul>
      )}
      <iframe
        title={t("htmlPart")}
        srcDoc={mail.html}
        sandbox=""
        className="h-96 w-full rounded border border-zinc-200 bg-white dark:border-zinc-700"
      />
      <details>
        <summary className="cursor-pointer text-sm">{t("textPart")}</summary>
        <pre className="mt-2 overflow-x-auto rounded bg-zinc-50 p-3 text-xs whitespace-pre-wrap dark:bg-zinc-900">{mail.text}</pre>
      </details>
    </article>
  );
}

/** The Mail tab: the latest mails, and one opened; without SMTP_URL every mail is kept here and sent nowhere. */
export function MailPanel({ list, open }: { list: ConsoleMailList; open: ConsoleMailDetail | null }) {
  const t = useTranslations("operator.mail");
  const f = useFormat();
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{list.smtp_configured ? t("smtpOn") : t("smtpOff")}</p>
      {list.data.length === 0 ? (
        <EmptyState title={t("empty")} />
      ) : (
        <div className="grid gap-4 lg:grid-cols-2">
          <div className="overflow-x-auto rounded-lg border border-zinc-200 dark:border-zinc-800">
            <table className="w-full text-left text-sm">
              <thead className="bg-zinc-50 text-xs text-zinc-500 uppercase dark:bg-zinc-900 dark:text-zinc-400">
                <tr>
                  <th className="px-3 py-2 font-medium">{t("subject")}</th>
                  <th className="px-3 py-2 font-medium">{t("status")}</th>
                  <th className="hidden px-3 py-2 font-medium sm:table-cell">{t("created")}</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
                {list.data.map((mail) => (
                  <tr
                    key={mail.id}
                    data-mail={mail.id}
                    aria-current={open?.id === mail.id ? "true" : undefined}
                    className="aria-[current=true]:bg-orange-50 dark:aria-[current=true]:bg-zinc-800"
                  >
                    <td className="px-3 py-2">
                      <Link
                        href={`/operator?tab=mail&mail=${mail.id}`}
                        className="font-medium break-words underline-offset-2 hover:underline"
                      >
                        {mail.subject}
                      </Link>
                      <div className="text-xs wrap-anywhere text-zinc-500 dark:text-zinc-400">{mail.to}</div>
                    </td>
                    <td className="px-3 py-2">
                      <span className={`rounded px-1.5 py-0.5 text-xs whitespace-nowrap ${statusClass[mail.status] ?? ""}`}>
                        {t(`statuses.${mail.status}`)}
                      </span>
                      {mail.last_error && <div className="mt-1 text-xs break-words text-red-700 dark:text-red-400">{mail.last_error}</div>}
                    </td>
                    <td className="hidden px-3 py-2 text-xs text-zinc-500 sm:table-cell dark:text-zinc-400">
                      {f.dateTime(mail.created_at)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {open ? <MailView mail={open} /> : <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("pick")}</p>}
        </div>
      )}
    </div>
  );
}
