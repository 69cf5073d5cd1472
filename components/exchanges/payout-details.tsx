"use client";
import { useTranslations } from "next-intl";
import { Card } from "@/components/ui/card";
import { CopyValueButton } from "@/components/ui/copy-value-button";
import { DefinitionList } from "@/components/ui/states";
import { useShellUser } from "@/components/shell/session-context";
import type { ExchangeView } from "@/lib/dashboard/exchanges/exchange-view";
import { btcToSats } from "@/lib/dashboard/client/format";
import { useFormat } from "@/lib/dashboard/client/use-format";

/** Past six lines on a phone an even break is not to be had: a longer value (an invoice) shows its ends, copied whole. */
const LONGEST_SHOWN = 120;

function Mono({ value, href }: { value: string; href?: string | null }) {
  const shown = value.length > LONGEST_SHOWN ? `${value.slice(0, 60)}…${value.slice(-30)}` : value;
  const whole = shown === value ? undefined : value;
  return (
    <span className="flex items-center gap-1">
      {href ? (
        <a
          href={href}
          target="_blank"
          rel="noreferrer noopener"
          title={whole}
          className="font-mono wrap-id text-orange-700 hover:underline dark:text-orange-400"
        >
          {shown}
        </a>
      ) : (
        <span className="font-mono wrap-id" title={whole}>
          {shown}
        </span>
      )}
      <CopyValueButton value={value} />
    </span>
  );
}

/** The payout: transaction and address (linked to a block explorer), or the Lightning payout. */
export function PayoutDetails({ exchange, confirmations }: { exchange: ExchangeView; confirmations: number | null }) {
  const t = useTranslations("exchanges.payout");
  const f = useFormat();
  const { explorer } = useShellUser();
  const { payout } = exchange;
  if (!payout || payout.kind === "failed") return null;
  const btc = (v: number) => `${f.btc(v)} (${f.sats(btcToSats(v))})`;
  if (payout.kind === "coin") {
    const { txid, bitcoin_address: address } = payout;
    return (
      <Card title={t("onChain")} labelId="payout-details">
        <DefinitionList
          items={[
            [t("transaction"), <Mono key="tx" value={txid} href={explorer ? `${explorer}/tx/${txid}` : null} />],
            [t("output"), String(payout.outpoint)],
            [t("address"), <Mono key="addr" value={address} href={explorer ? `${explorer}/address/${address}` : null} />],
            [t("path"), payout.derivation_path ?? "—"],
            [
              t("confirmations"),
              <span key="conf" data-testid="confirmations">
                {confirmations ?? payout.confirmations ?? (payout.confirmed ? t("oneOrMore") : "0")}
              </span>,
            ],
            [t("block"), payout.block_height ? String(payout.block_height) : t("unconfirmed")],
            [t("networkFee"), btc(payout.fee)],
            [t("paidOut"), btc(payout.amount)],
          ]}
        />
      </Card>
    );
  }
  const rows: [string, React.ReactNode][] = [[t("status"), <span key="status">{t("statuses", { status: payout.status })}</span>]];
  if (payout.kind === "invoice") {
    rows.push([t("invoice"), <Mono key="inv" value={payout.invoice} />]);
    if (payout.preimage) rows.push([t("preimage"), <Mono key="pre" value={payout.preimage} />]);
  } else {
    const { txid } = payout;
    if (payout.node) rows.push([t("node"), <Mono key="node" value={payout.node} />]);
    if (txid) rows.push([t("funding"), <Mono key="ftx" value={txid} href={explorer ? `${explorer}/tx/${txid}` : null} />]);
    if (payout.channel_id) rows.push([t("channel"), payout.channel_id]);
  }
  rows.push([t("fee"), btc(payout.fee)], [t("paidOut"), btc(payout.amount)]);
  return (
    <Card title={t("lightning", { kind: payout.kind })} labelId="payout-details">
      <DefinitionList items={rows} />
    </Card>
  );
}
