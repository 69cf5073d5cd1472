"use client";
import { Card } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { DefinitionList } from "@/components/ui/states";
import { useShellUser } from "@/components/shell/session-context";
import type { ExchangeView } from "@/lib/exchanges/exchange-view";
import { btcToSats, formatBtc, formatSats } from "@/lib/client/format";

function Mono({ value, href }: { value: string; href?: string | null }) {
  return (
    <span className="flex items-center gap-1">
      {href ? (
        <a
          href={href}
          target="_blank"
          rel="noreferrer noopener"
          className="font-mono break-all text-orange-700 hover:underline dark:text-orange-400"
        >
          {value}
        </a>
      ) : (
        <span className="font-mono break-all">{value}</span>
      )}
      <CopyButton value={value} />
    </span>
  );
}

/** The payout: transaction and address (linked to a block explorer), or the Lightning payout. */
export function PayoutDetails({ exchange, confirmations }: { exchange: ExchangeView; confirmations: number | null }) {
  const { explorer } = useShellUser();
  const { payout } = exchange;
  if (!payout || payout.kind === "failed") return null;
  const btc = (v: number) => `${formatBtc(v)} (${formatSats(btcToSats(v))})`;
  if (payout.kind === "coin") {
    const { txid, bitcoin_address: address } = payout;
    return (
      <Card title="Payout on-chain">
        <DefinitionList
          items={[
            ["Transaction", <Mono key="tx" value={txid} href={explorer ? `${explorer}/tx/${txid}` : null} />],
            ["Output", String(payout.outpoint)],
            ["Address", <Mono key="addr" value={address} href={explorer ? `${explorer}/address/${address}` : null} />],
            ["Derivation path", payout.derivation_path ?? "—"],
            [
              "Confirmations",
              <span key="conf" data-testid="confirmations">
                {confirmations ?? payout.confirmations ?? (payout.confirmed ? "1 or more" : "0")}
              </span>,
            ],
            ["Block", payout.block_height ? String(payout.block_height) : "not yet confirmed"],
            ["Network fee", btc(payout.fee)],
            ["Paid out", btc(payout.amount)],
          ]}
        />
      </Card>
    );
  }
  const rows: [string, React.ReactNode][] = [
    [
      "Status",
      <span key="status" className="capitalize">
        {payout.status}
      </span>,
    ],
  ];
  if (payout.kind === "invoice") {
    rows.push(["Invoice", <Mono key="inv" value={payout.invoice} />]);
    if (payout.preimage) rows.push(["Preimage", <Mono key="pre" value={payout.preimage} />]);
  } else {
    const { txid } = payout;
    if (payout.node) rows.push(["Node", <Mono key="node" value={payout.node} />]);
    if (txid) rows.push(["Funding transaction", <Mono key="ftx" value={txid} href={explorer ? `${explorer}/tx/${txid}` : null} />]);
    if (payout.channel_id) rows.push(["Channel", payout.channel_id]);
  }
  rows.push(["Fee", btc(payout.fee)], ["Paid out", btc(payout.amount)]);
  return (
    <Card title={`Lightning payout (${payout.kind})`}>
      <DefinitionList items={rows} />
    </Card>
  );
}
