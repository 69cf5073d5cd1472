"use client";
import { useQueryClient } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field, TextInput } from "@/components/ui/field";
import { EmptyState, ErrorState, FormError, LoadingRows } from "@/components/ui/states";
import { useSubmit } from "@/components/ui/use-submit";
import { apiFetch } from "@/lib/client/api";
import { formatDateTime } from "@/lib/client/format";
import { queryKeys } from "@/lib/client/queries";
import { useAffiliates } from "@/lib/client/settings-queries";
import { affiliateSchema, type Affiliate } from "@/lib/contract/settings-api";
import { z } from "zod";

function useLabel() {
  const queryClient = useQueryClient();
  const submit = useSubmit({ not_found: "That is not an affiliate_id (a UUID)." });
  const save = (id: string, label: string) =>
    submit.run(async () => {
      await apiFetch(`/api/settings/affiliates/${encodeURIComponent(id)}`, affiliateSchema, { method: "PUT", body: { label } });
      await queryClient.invalidateQueries({ queryKey: queryKeys.settingsPart("affiliates") });
    });
  const remove = (id: string) =>
    submit.run(async () => {
      await apiFetch(`/api/settings/affiliates/${encodeURIComponent(id)}`, z.null(), { method: "DELETE" });
      await queryClient.invalidateQueries({ queryKey: queryKeys.settingsPart("affiliates") });
    });
  return { ...submit, save, remove };
}

function AffiliateRow({ affiliate }: { affiliate: Affiliate }) {
  const { busy, error, save, remove } = useLabel();
  const inputId = `label-${affiliate.affiliate_id}`;
  return (
    <li className="flex flex-col gap-2 py-3" data-affiliate={affiliate.affiliate_id}>
      <div className="flex flex-wrap items-baseline gap-x-3 text-xs text-zinc-600 dark:text-zinc-400">
        <code className="font-mono break-all">{affiliate.affiliate_id}</code>
        <span>
          {affiliate.orders} {affiliate.orders === 1 ? "order" : "orders"}
          {affiliate.last_used_at ? `, last on ${formatDateTime(affiliate.last_used_at)}` : ""}
        </span>
      </div>
      <form
        className="flex flex-wrap items-center gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          void save(affiliate.affiliate_id, String(new FormData(event.currentTarget).get("label") ?? ""));
        }}
      >
        <label htmlFor={inputId} className="sr-only">
          Label of {affiliate.affiliate_id}
        </label>
        <TextInput
          id={inputId}
          name="label"
          defaultValue={affiliate.label ?? ""}
          placeholder="No label"
          maxLength={80}
          className="sm:max-w-xs"
        />
        <Button type="submit" size="sm" variant="secondary" disabled={busy}>
          Save
        </Button>
        {affiliate.label && (
          <Button type="button" size="sm" variant="ghost" disabled={busy} onClick={() => void remove(affiliate.affiliate_id)}>
            Remove label
          </Button>
        )}
      </form>
      <FormError message={error} />
    </li>
  );
}

/** Every affiliate_id the tenant's orders carry, and labels for them (and for ones not used yet). */
export function AffiliatesPanel() {
  const list = useAffiliates();
  const { busy, error, save } = useLabel();
  return (
    <Card title="Affiliate agreements">
      <p className="mb-3 text-sm text-zinc-600 dark:text-zinc-400">
        An order&apos;s <code>affiliate_id</code> selects one of the agreements your company made with the service. Name them here.
      </p>
      {list.isPending ? (
        <LoadingRows rows={2} />
      ) : list.isError ? (
        <ErrorState error={list.error} retry={() => void list.refetch()} />
      ) : list.data.data.length === 0 ? (
        <EmptyState title="No affiliate_id seen yet">Orders made without one use your default agreement.</EmptyState>
      ) : (
        <ul className="divide-y divide-zinc-200 dark:divide-zinc-800">
          {list.data.data.map((a) => (
            <AffiliateRow key={a.affiliate_id} affiliate={a} />
          ))}
        </ul>
      )}
      <form
        className="mt-4 grid gap-3 border-t border-zinc-200 pt-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end dark:border-zinc-800"
        onSubmit={(event) => {
          event.preventDefault();
          const form = event.currentTarget;
          const data = new FormData(form);
          void save(String(data.get("affiliate_id") ?? "").trim(), String(data.get("label") ?? "")).then((ok) => ok && form.reset());
        }}
      >
        <Field id="new-affiliate-id" label="affiliate_id">
          <TextInput id="new-affiliate-id" name="affiliate_id" required placeholder="UUID from your agreement" spellCheck={false} />
        </Field>
        <Field id="new-affiliate-label" label="Label">
          <TextInput id="new-affiliate-label" name="label" required maxLength={80} />
        </Field>
        <Button type="submit" disabled={busy}>
          Add
        </Button>
        <FormError message={error} className="sm:col-span-3" />
      </form>
    </Card>
  );
}
