// Why one of the sandbox's webhook deliveries failed, as a kind with its figures. The operator
// API keeps the English sentence deliveryFailureText makes of it (an attempt's `error`, a
// delivery's `last_error`); the console reads the kind back with deliveryFailureOf and says it in
// the reader's language (components/operator/delivery-failure.ts). A sentence it does not know
// (one stored by an older version) is shown as it is. Shared by the sandbox, which writes the
// sentences, and the dashboard's console, which reads them: it imports nothing of either.

export type DeliveryFailure =
  | { code: "timeout"; seconds: number }
  | { code: "unreachable"; errno: string | null }
  | { code: "endpoint_removed" }
  | { code: "http_status"; status: number };

/** The English sentence of a failure, as the sandbox stores it. */
export function deliveryFailureText(failure: DeliveryFailure): string {
  switch (failure.code) {
    case "timeout":
      return `timed out after ${failure.seconds} s`;
    case "unreachable":
      return `could not be reached${failure.errno ? ` (${failure.errno})` : ""}`;
    case "endpoint_removed":
      return "the webhook endpoint was removed";
    case "http_status":
      return `HTTP ${failure.status}`;
  }
}

/** The failure a sentence of deliveryFailureText says, or null for any other text. */
export function deliveryFailureOf(text: string | null | undefined): DeliveryFailure | null {
  if (!text) return null;
  let match: RegExpExecArray | null;
  if ((match = /^timed out after (\d+(?:\.\d+)?) s$/.exec(text))) return { code: "timeout", seconds: Number(match[1]) };
  if ((match = /^could not be reached(?: \(([A-Z0-9_]+)\))?$/.exec(text))) return { code: "unreachable", errno: match[1] ?? null };
  if (text === "the webhook endpoint was removed") return { code: "endpoint_removed" };
  if ((match = /^HTTP (\d{3})$/.exec(text))) return { code: "http_status", status: Number(match[1]) };
  return null;
}
