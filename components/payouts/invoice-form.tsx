"use client";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Field, TextArea } from "@/components/ui/field";
import { decodeInvoice } from "@/lib/lightning/invoice";
import type { NetworkName } from "@/lib/bitcoin/networks";
import { messageFor } from "@/lib/client/messages";
import { useSubmit } from "@/components/ui/use-submit";
import { formatDateTime, formatSats } from "@/lib/client/format";

type Props = {
  network: NetworkName;
  /** The exact amount the invoice must ask for: exchange amount minus the invoice offer's fee. */
  expectedSats: number;
  /** The order's node, when known: the invoice must be its. */
  nodePubkey?: string | null;
  submit: (invoice: string) => Promise<unknown>;
};

type Decoded = { ok: true; lines: [string, string][]; problems: string[] } | { ok: false; problem: string };

function inspect(text: string, network: NetworkName, expectedSats: number, nodePubkey?: string | null): Decoded {
  let invoice;
  try {
    invoice = decodeInvoice(text, network);
  } catch (error) {
    const code = (error as { code?: string }).code;
    return {
      ok: false,
      problem: code === "invoice_network" ? `${(error as Error).message}: use a wallet on ${network}.` : messageFor("invalid_invoice"),
    };
  }
  const sats = invoice.millisatoshis === null ? null : Number(invoice.millisatoshis) / 1000;
  const problems: string[] = [];
  if (sats === null) problems.push(`The invoice names no amount: it must ask for exactly ${formatSats(expectedSats)}.`);
  else if (sats !== expectedSats)
    problems.push(`The invoice asks for ${formatSats(sats)}; it must ask for exactly ${formatSats(expectedSats)}.`);
  if (invoice.expiresAt.getTime() <= Date.now()) problems.push("The invoice has expired: create a new one.");
  if (nodePubkey && invoice.payeeNodeKey !== nodePubkey)
    problems.push("The invoice is from another node than the order's: create it on the order's node.");
  return {
    ok: true,
    problems,
    lines: [
      ["Amount", sats === null ? "none" : formatSats(sats)],
      ["Payee node", invoice.payeeNodeKey],
      ["Network", invoice.network],
      ["Expires", formatDateTime(invoice.expiresAt.toISOString())],
      ["Description", invoice.description ?? "—"],
    ],
  };
}

/** Paste an invoice: decoded and checked here before it is sent; the service's answer in words. */
export function InvoiceForm({ network, expectedSats, nodePubkey, submit }: Props) {
  const [text, setText] = useState("");
  const { busy, error, run } = useSubmit();
  const decoded = text.trim() ? inspect(text, network, expectedSats, nodePubkey) : null;
  const sendable = decoded?.ok === true && decoded.problems.length === 0;
  return (
    <form
      className="flex flex-col gap-3"
      onSubmit={async (event) => {
        event.preventDefault();
        if (await run(() => submit(text.trim()))) setText("");
      }}
    >
      <Field id="invoice" label={`Invoice for exactly ${formatSats(expectedSats)}`} error={error}>
        <TextArea id="invoice" rows={3} value={text} onChange={(e) => setText(e.target.value)} placeholder="lntb…" spellCheck={false} />
      </Field>
      {decoded && !decoded.ok && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400" data-testid="invoice-problem">
          {decoded.problem}
        </p>
      )}
      {decoded?.ok && (
        <div className="flex flex-col gap-2 text-sm">
          <dl className="grid grid-cols-[7rem_1fr] gap-x-3 gap-y-1">
            {decoded.lines.map(([term, value]) => (
              <div key={term} className="contents">
                <dt className="text-zinc-500 dark:text-zinc-400">{term}</dt>
                <dd className="font-mono text-xs break-all">{value}</dd>
              </div>
            ))}
          </dl>
          {decoded.problems.map((problem) => (
            <p key={problem} role="alert" className="text-red-600 dark:text-red-400" data-testid="invoice-problem">
              {problem}
            </p>
          ))}
        </div>
      )}
      <Button type="submit" disabled={!sendable || busy}>
        {busy ? "Sending…" : "Pay out to this invoice"}
      </Button>
    </form>
  );
}
