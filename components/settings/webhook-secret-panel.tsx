"use client";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { Field, Select } from "@/components/ui/field";
import { ErrorState, FormError, LoadingRows } from "@/components/ui/states";
import { useSubmit } from "@/components/ui/use-submit";
import { apiFetch } from "@/lib/client/api";
import { formatDateTime } from "@/lib/client/format";
import { queryKeys } from "@/lib/client/queries";
import { useWebhookSecret } from "@/lib/client/settings-queries";
import { revealedSchema, rotatedSchema, type Rotated } from "@/lib/contract/settings-api";
import { OneTimeSecret } from "./one-time-secret";

const overlaps = [
  [0, "None: the old secret stops at once"],
  [1, "1 hour"],
  [24, "24 hours"],
  [72, "3 days"],
  [168, "7 days"],
] as const;

/** A masked secret with a reveal (audited) that shows it until hidden again. */
function SecretLine({ label, masked, which, note }: { label: string; masked: string; which: "current" | "previous"; note?: string }) {
  const [revealed, setRevealed] = useState<string | null>(null);
  const { busy, error, run } = useSubmit();
  return (
    <div className="flex flex-col gap-1" data-secret={which}>
      <dt className="text-xs text-zinc-600 dark:text-zinc-400">{label}</dt>
      <dd className="flex flex-wrap items-center gap-2">
        <code className="font-mono break-all">{revealed ?? masked}</code>
        {revealed ? (
          <>
            <CopyButton value={revealed} label="Copy secret" />
            <Button size="sm" variant="ghost" onClick={() => setRevealed(null)}>
              Hide
            </Button>
          </>
        ) : (
          <Button
            size="sm"
            variant="secondary"
            disabled={busy}
            onClick={() =>
              void run(async () => {
                const { secret } = await apiFetch("/api/settings/webhook-secret/reveal", revealedSchema, {
                  method: "POST",
                  body: { which },
                });
                setRevealed(secret);
              })
            }
          >
            Reveal
          </Button>
        )}
        {note && <span className="text-xs text-zinc-500 dark:text-zinc-400">{note}</span>}
      </dd>
      <FormError message={error} />
    </div>
  );
}

function Rotate({ automatic }: { automatic: boolean }) {
  const queryClient = useQueryClient();
  const { busy, error, run } = useSubmit();
  const [rotated, setRotated] = useState<Rotated | null>(null);
  return (
    <form
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        const overlap = Number(new FormData(event.currentTarget).get("overlap"));
        void run(async () => {
          setRotated(
            await apiFetch("/api/settings/webhook-secret/rotate", rotatedSchema, { method: "POST", body: { overlap_hours: overlap } }),
          );
          await queryClient.invalidateQueries({ queryKey: queryKeys.settings() });
        });
      }}
    >
      <Field id="rotate-overlap" label="Keep accepting the old secret for" hint="While the service switches to the new one.">
        <Select id="rotate-overlap" name="overlap" defaultValue="24">
          {overlaps.map(([hours, label]) => (
            <option key={hours} value={hours}>
              {label}
            </option>
          ))}
        </Select>
      </Field>
      <div>
        <Button type="submit" variant="danger" disabled={busy}>
          {busy ? "Rotating…" : "Rotate the secret"}
        </Button>
      </div>
      <FormError message={error} />
      {rotated && (
        <OneTimeSecret title="The new webhook secret (shown only now)" value={rotated.secret} label="Copy new secret">
          {automatic
            ? "This app's sandbox signs with it from now on; nothing else to do."
            : "Register it with the service's operator for the webhook URL above."}{" "}
          {rotated.status.previous
            ? `The old secret is accepted until ${formatDateTime(rotated.status.previous.until)}.`
            : "The old secret is no longer accepted."}
        </OneTimeSecret>
      )}
    </form>
  );
}

/** The webhook endpoint to register, its secrets masked with audited reveals, and rotation with an overlap. */
export function WebhookSecretPanel() {
  const status = useWebhookSecret();
  if (status.isPending) return <LoadingRows rows={3} />;
  if (status.isError) return <ErrorState error={status.error} retry={() => void status.refetch()} />;
  const { webhook_url, current, previous, registered_automatically } = status.data;
  return (
    <div className="flex flex-col gap-4">
      <Card title="Webhook secret">
        <dl className="flex flex-col gap-3 text-sm">
          <div className="flex flex-col gap-1">
            <dt className="text-xs text-zinc-600 dark:text-zinc-400">Webhook URL to register with the service</dt>
            <dd className="flex flex-wrap items-center gap-2 font-mono break-all">
              {webhook_url} <CopyButton value={webhook_url} label="Copy URL" />
            </dd>
          </div>
          <SecretLine label="Current secret" masked={current} which="current" />
          {previous && (
            <SecretLine
              label="Previous secret (still accepted)"
              masked={previous.masked}
              which="previous"
              note={`until ${formatDateTime(previous.until)}`}
            />
          )}
        </dl>
        <p className="mt-3 text-xs text-zinc-500 dark:text-zinc-400">Every reveal is recorded in the audit log.</p>
      </Card>
      <Card title="Rotate">
        <Rotate automatic={registered_automatically} />
      </Card>
    </div>
  );
}
