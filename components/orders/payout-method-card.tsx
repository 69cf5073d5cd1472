import { useTranslations } from "next-intl";
import { Card } from "@/components/ui/card";
import { DefinitionList } from "@/components/ui/states";
import type { PayoutMethod } from "@/lib/service-api/schemas";

export function PayoutMethodCard({ method }: { method: PayoutMethod }) {
  const t = useTranslations("orders.payout");
  const mono = (v: unknown) => <span className="font-mono text-xs inline-block max-w-full wrap-id">{String(v)}</span>;
  const items: [string, React.ReactNode][] =
    "node_pubkey" in method
      ? [[t("node"), mono(method.node_pubkey)]]
      : [
          [t("address"), mono(method.bitcoin_address)],
          ...(method.extended_public_key
            ? ([
                [t("xpub"), mono(method.extended_public_key)],
                [t("path"), mono(method.derivation_path)],
                [t("gapLimit"), method.gap_limit ?? t("gapLimitDefault")],
              ] as [string, React.ReactNode][])
            : []),
        ];
  return (
    <Card title={t("title")} labelId="order-payout">
      <DefinitionList items={[...items, [t("message"), mono(method.message)], [t("signature"), mono(method.signature)]]} />
    </Card>
  );
}
