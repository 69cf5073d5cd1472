"use client";
import { Card } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { DefinitionList } from "@/components/ui/states";
import { useShellUser } from "@/components/shell/session-context";
import type { Exchange } from "@/lib/exchange/schemas";
import { btcToSats, formatBtc, formatSats } from "@/lib/client/format";

function Mono({ value, href }: { value: string; href?: string | null }) {
  return (
    <span className="flex items-center gap-1">
      {href ? (
        <a href={href} target="_blank" rel="noreferrer noopener" className="font-mono break-all text-orange-700 hover:underline dark:text-orange-400">
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
export function PayoutDetails({ exchange, confirmations }: { exchange: Exchange; confirmations: number | null }) {
  const { explorer } = useShellUser();
  const payout = exchange.payout as Record<string, unknown> | null;
  if (!payout) return null;
  const btc = (v: unknown) => (typeof v === "number" ? `${formatBtc(v)} (${formatSats(btcToSats(v))})` : "—");
  if (!("type" in payout)) {
    const txid = String(payout.txid);
    const address = String(payout.bitcoin_address);
    return (
      <Card title="Payout on-chain">
        <DefinitionList
          items={[
            ["Transaction", <Mono key="tx" value={txid} href={explorer ? `${explorer}/tx/${txid}` : null} />],
            ["Output", String(payout.outpoint)],
            ["Address", <Mono key="addr" value={address} href={explorer ? `${explorer}/address/${address}` : null} />],
            ["Derivation path", payout.derivation_path ? String(payout.derivation_path) : "—"],
            ["Confirmations", <span key="conf" data-testid="confirmations">{confirmations ?? (payout.confirmed ? "1 or more" : "0")}</span>],
            ["Block", payout.block_height ? String(payout.block_height) : "not yet confirmed"],
            ["Network fee", btc(payout.fee)],
            ["Paid out", btc(payout.amount)],
          ]}
        />
      </Card>
    );
  }
  return (
    <Card title={`Lightning payout (${String(payout.type)})`}>
      <DefinitionList
        items={[
          ["Status", <span key="status" className="capitalize">{String(payout.status)}</span>],
          ...(payout.invoice ? [["Invoice", <Mono key="inv" value={String(payout.invoice)} />] as [string, React.ReactNode]] : []),
          ...(payout.preimage ? [["Preimage", <Mono key="pre" value={String(payout.preimage)} />] as [string, React.ReactNode]] : []),
          ...(payout.node_address ? [["Node", <Mono key="node" value={String(payout.node_address)} />] as [string, React.ReactNode]] : []),
          ...(payout.txid ? [["Funding transaction", <Mono key="ftx" value={String(payout.txid)} href={explorer ? `${explorer}/tx/${String(payout.txid)}` : null} />] as [string, React.ReactNode]] : []),
          ...(payout.channel_id ? [["Channel", String(payout.channel_id)] as [string, React.ReactNode]] : []),
          ["Fee", btc(payout.fee)],
          ["Paid out", btc(payout.amount)],
        ]}
      />
    </Card>
  );
}
