import { Card } from "@/components/ui/card";
import { DefinitionList } from "@/components/ui/states";
import type { PayoutMethod } from "@/lib/exchange/schemas";

export function PayoutMethodCard({ method }: { method: PayoutMethod }) {
  const mono = (v: unknown) => <span className="font-mono text-xs break-all">{String(v)}</span>;
  const items: [string, React.ReactNode][] =
    "node_pubkey" in method
      ? [["Lightning node", mono(method.node_pubkey)]]
      : [
          ["Bitcoin address", mono(method.bitcoin_address)],
          ...(method.extended_public_key
            ? ([
                ["Extended public key", mono(method.extended_public_key)],
                ["Derivation path", mono(method.derivation_path)],
                ["Gap limit", method.gap_limit ?? "10 (default)"],
              ] as [string, React.ReactNode][])
            : []),
        ];
  return (
    <Card title="Payout">
      <DefinitionList items={[...items, ["Signed message", mono(method.message)], ["Signature", mono(method.signature)]]} />
    </Card>
  );
}
