"use client";
import { useState } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Field, TextInput } from "@/components/ui/field";
import { useSubmit } from "@/components/ui/use-submit";

/** A channel payout by PATCH: the node's address (pubkey@host:port) and whether the channel is private. */
export function ChannelForm({
  nodePubkey,
  submit,
}: {
  nodePubkey: string | null;
  submit: (nodeAddress: string | undefined, privateChannel: boolean) => Promise<unknown>;
}) {
  const t = useTranslations("payouts.channel");
  const [address, setAddress] = useState(nodePubkey ? `${nodePubkey}@` : "");
  const [privateChannel, setPrivateChannel] = useState(false);
  const { busy, error, run } = useSubmit();
  const valid = address === "" || /^[0-9a-f]{66}@[^\s:@]+:\d{1,5}$/i.test(address.trim());
  return (
    <form
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        void run(() => submit(address.trim() || undefined, privateChannel));
      }}
    >
      <Field id="node-address" label={t("address")} error={error ?? (valid ? null : t("format"))} hint={t("hint")}>
        <TextInput
          id="node-address"
          className="font-mono"
          value={address}
          onChange={(e) => setAddress(e.target.value)}
          spellCheck={false}
        />
      </Field>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={privateChannel}
          onChange={(e) => setPrivateChannel(e.target.checked)}
          className="accent-orange-600"
        />
        {t("private")}
      </label>
      <Button type="submit" variant="secondary" disabled={!valid || busy}>
        {busy ? t("requesting") : t("submit")}
      </Button>
    </form>
  );
}
