import { z } from "zod";

const offer = z.object({ lnurl: z.string(), fee_sats: z.number(), expires_on: z.string() }).nullable();

/** GET /api/pay/{token}: what the end user's page may know. */
export const publicViewSchema = z.object({
  status: z.enum(["awaiting_payout", "paying", "paid", "failed", "refunded", "unavailable"]),
  amount_sats: z.number().nullable(),
  fiat: z.object({ amount: z.number(), currency: z.string() }),
  offers: z.object({ invoice: offer, channel: offer }).nullable(),
  payout: z.object({ type: z.string(), status: z.string(), failure_code: z.string().nullable(), preimage: z.string().nullable(), amount_sats: z.number().nullable() }).nullable(),
  link_expires_on: z.string(),
  network: z.string(),
});
export type PublicView = z.infer<typeof publicViewSchema>;
