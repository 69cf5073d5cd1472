"use client";
import { useState } from "react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { FormError } from "@/components/ui/states";
import { useSubmit } from "@/components/ui/use-submit";
import { useCanMutate } from "@/components/shell/session-context";
import { ApiClientError, apiFetch } from "@/lib/dashboard/client/api";
import { useFormat } from "@/lib/dashboard/client/use-format";
import {
  payoutLinkItemSchema,
  payoutLinkListSchema,
  payoutLinkSchema,
  type PayoutLink,
  type PayoutLinkItem,
  type PayoutLinkState,
} from "@/lib/dashboard/contract/dashboard-api";
import { NewPayoutLink } from "./new-payout-link";

const badge: Record<PayoutLinkState, string> = {
  open: "bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-300",
  used: "bg-blue-100 text-blue-800 dark:bg-blue-950 dark:text-blue-300",
  expired: "bg-zinc-200 text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200",
  revoked: "bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300",
};

function LinkRow({ link, onRevoke, busy }: { link: PayoutLinkItem; onRevoke: (() => void) | null; busy: boolean }) {
  const t = useTranslations("payouts.link");
  const f = useFormat();
  const made = f.dateTime(link.created_on);
  // an unused link expired by its payout's end (the exchange was refunded) says so, not its own end to come
  const endedEarly = link.state === "expired" && link.payout_ended;
  const ending =
    link.state === "revoked" && link.revoked_on
      ? t("revokedOn", { time: f.dateTime(link.revoked_on) })
      : endedEarly
        ? t("payoutEnded")
        : t(link.live ? "expires" : "expired", { time: f.dateTime(link.expires_on) });
  return (
    <li className="flex items-start justify-between gap-3 py-3 first:pt-0 last:pb-0" data-payout-link={link.id} data-state={link.state}>
      <div className="flex min-w-0 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${badge[link.state]}`}>{t(`states.${link.state}`)}</span>
          <span className="text-sm">
            {link.created_by?.email ? t("madeBy", { who: link.created_by.email, time: made }) : t("made", { time: made })}
          </span>
        </div>
        <p className="text-xs text-zinc-600 dark:text-zinc-400">
          {ending}
          {link.used_on && <> · {t("usedOn", { time: f.dateTime(link.used_on) })}</>} ·{" "}
          {link.last_opened_on ? t("lastOpened", { time: f.dateTime(link.last_opened_on) }) : t("neverOpened")}
        </p>
      </div>
      {onRevoke && (
        <Button
          size="sm"
          variant="danger"
          className="shrink-0"
          disabled={busy}
          aria-label={t("revokeLabel", { time: made })}
          onClick={onRevoke}
        >
          {t("revoke")}
        </Button>
      )}
    </li>
  );
}

/**
 * The exchange's payout links: each one's state, who made it, when it ends and when its page was
 * last opened, with a way to revoke those that still work; and, for an exchange awaiting its
 * Lightning payout, a new link (shown once). A new link while one is open asks first, then
 * replaces it. The list is the server's; after a change the page is drawn again.
 */
export function PayoutLinksCard({
  exchangeId,
  initial: links,
  linkable,
}: {
  exchangeId: string;
  initial: PayoutLinkItem[];
  linkable: boolean;
}) {
  const t = useTranslations("payouts.link");
  const f = useFormat();
  const canMutate = useCanMutate();
  const { ask, dialog } = useConfirm();
  const { busy, error, run } = useSubmit();
  const router = useRouter();

  const [created, setCreated] = useState<PayoutLink | null>(null);
  if (!linkable && links.length === 0) return null;

  const base = `/api/exchanges/${exchangeId}`;
  const confirmReplace = (open: PayoutLinkItem) =>
    ask({
      title: t("confirmTitle"),
      message: t("confirmReplace", { time: f.dateTime(open.created_on) }),
      confirm: t("confirmReplaceAction"),
      cancel: t("cancel"),
    });
  const post = (replace: boolean) =>
    apiFetch(`${base}/payout-link`, payoutLinkSchema, { method: "POST", body: replace ? { replace } : {} });

  const create = () =>
    run(async () => {
      const open = links.find((l) => l.live);
      if (open && !(await confirmReplace(open))) return;
      try {
        setCreated(await post(open !== undefined));
      } catch (e) {
        if (!(e instanceof ApiClientError && e.code === "payout_link_open")) throw e;
        // someone made one since this list was read: show it, and ask
        const { data } = await apiFetch(`${base}/payout-links`, payoutLinkListSchema);
        const other = data.find((l) => l.live);
        if (!other || !(await confirmReplace(other))) return;
        setCreated(await post(true));
      }
      router.refresh();
    });

  const revoke = (link: PayoutLinkItem) => () =>
    void run(async () => {
      const time = f.dateTime(link.created_on);
      const yes = await ask({
        title: t("confirmTitle"),
        message: t("confirmRevoke", { time }),
        confirm: t("confirmRevokeAction"),
        cancel: t("cancel"),
      });
      if (!yes) return;
      await apiFetch(`${base}/payout-links/${link.id}`, payoutLinkItemSchema, { method: "DELETE" });
      if (created?.id === link.id) setCreated(null);
      router.refresh();
    });

  return (
    <Card title={t("title")} labelId="payout-links">
      <div className="flex flex-col gap-4 text-sm" data-testid="payout-links">
        {linkable && canMutate && (
          <div className="flex flex-col items-start gap-3">
            <p>{t("intro")}</p>
            {created && <NewPayoutLink link={created} />}
            <Button variant="secondary" disabled={busy} onClick={() => void create()}>
              {t("create")}
            </Button>
          </div>
        )}
        <FormError message={error} />
        <p className="text-xs text-zinc-600 dark:text-zinc-400">{t("shownOnce")}</p>
        {links.length === 0 ? (
          <p className="text-zinc-600 dark:text-zinc-400">{t("empty")}</p>
        ) : (
          <ul className="divide-y divide-zinc-200 dark:divide-zinc-800" aria-label={t("title")}>
            {links.map((link) => (
              <LinkRow key={link.id} link={link} busy={busy} onRevoke={canMutate && link.live ? revoke(link) : null} />
            ))}
          </ul>
        )}
      </div>
      {dialog}
    </Card>
  );
}
