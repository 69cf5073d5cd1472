"use client";
import { useState } from "react";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { Field, TextInput } from "@/components/ui/field";

export type PayAddressText = {
  summary: string;
  label: string;
  hint: string;
  submit: string;
  sending: string;
  /** By error code, in the user's language; `{detail}` and `{code}` are filled in here. */
  errors: Record<string, string>;
};

/**
 * "Send to my Lightning Address": the server resolves the address, checks the invoice its wallet
 * makes and submits it (POST /api/pay/{token}/lightning-address); the page is then rendered
 * again. Its words come translated from the server, so this island carries no catalogue.
 */
export function PayAddress({ token, text }: { token: string; text: PayAddressText }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <details className="w-full">
      <summary className="cursor-pointer text-sm text-orange-700 dark:text-orange-400">{text.summary}</summary>
      <form
        className="mt-3 flex flex-col gap-3"
        onSubmit={async (event) => {
          event.preventDefault();
          const address = String(new FormData(event.currentTarget).get("address") ?? "");
          setBusy(true);
          setError(null);
          try {
            // the API client and its schemas load with the first submission, not with the page
            const [{ apiFetch }, { publicViewSchema }] = await Promise.all([
              import("@/lib/dashboard/client/api"),
              import("@/lib/dashboard/contract/dashboard-api"),
            ]);
            await apiFetch(`/api/pay/${encodeURIComponent(token)}/lightning-address`, publicViewSchema, {
              method: "POST",
              body: { address },
            });
            router.refresh();
          } catch (caught) {
            const { code = "unexpected_response", details = [] } = caught as { code?: string; details?: { message: string }[] };
            const template = text.errors[code] ?? text.errors.generic ?? code;
            setError(template.replace("{detail}", details[0]?.message ?? "").replace("{code}", code));
          } finally {
            setBusy(false);
          }
        }}
      >
        <Field id="lightning-address" label={text.label} hint={text.hint} error={error}>
          <TextInput
            id="lightning-address"
            name="address"
            type="text"
            inputMode="email"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            placeholder="name@wallet.example"
            required
            invalid={error !== null}
          />
        </Field>
        <Button type="submit" disabled={busy}>
          {busy ? text.sending : text.submit}
        </Button>
      </form>
    </details>
  );
}
