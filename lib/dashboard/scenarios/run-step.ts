import "server-only";
import type { z } from "zod";
import type { Db } from "@/lib/db/client";
import type { driveEventSchema } from "@/lib/service-api/operator-contract";
import { upstreamFor, type Tenant } from "@/lib/dashboard/auth/tenants";
import { indexOrder } from "@/lib/dashboard/orders/index-order";
import { simulatorFor } from "@/lib/dashboard/simulator/simulator";
import { coinOrder, lightningOrder, TEST_IBANS } from "@/lib/dashboard/simulator/test-wallet";
import type { ResolvedStep } from "@/lib/dashboard/contract/scenarios-api";
import { withdrawByLnurl } from "./lnurl-withdraw";
import { StepFailed } from "./step-failed";

// One step of a run, done as a customer, their bank, the chain or their wallet would do it:
// orders through the tenant's REST API v1 client (and indexed, so the dashboard lists them),
// everything the sandbox simulates through its operator API, over HTTP like every other part
// of the dashboard that drives the sandbox.

/** What a run carries from step to step. */
export type RunState = {
  orderId: string | null;
  exchangeId: string | null;
  /** Hex: the order's Lightning node key, and the preimage of the invoice it sent. */
  context: Record<string, string>;
};

export type StepOutcome = { result: Record<string, unknown>; state: RunState };

export function exchangeOf(state: RunState): string {
  if (!state.exchangeId) throw new StepFailed({ code: "step_missing", needs: "pay" }, "No exchange yet: a pay step must come first");
  return state.exchangeId;
}

type DriveEvent = z.input<typeof driveEventSchema>;

function driveEventOf(step: Extract<ResolvedStep, { kind: "move" }>, state: RunState): DriveEvent {
  switch (step.to) {
    case "executed":
      return { type: "identification_approved" };
    case "identification_rejected":
      return { type: "identification_rejected" };
    case "broadcast":
      return { type: "broadcast" };
    case "confirmed":
      return { type: "confirm" };
    case "payout_failed":
      return { type: "invoice_failed", failure_code: "no_route" };
    case "refunded":
      return { type: "refund", code: step.code ?? "customer_requested" };
    case "payout_paid": {
      const preimage = state.context.preimage;
      if (!preimage) {
        throw new StepFailed(
          { code: "step_missing", needs: "lnurl_withdraw" },
          "No invoice to pay: an lnurl_withdraw step must come first",
        );
      }
      return { type: "invoice_paid", preimage };
    }
  }
}

export async function runStep(db: Db, tenant: Tenant, startedBy: string | null, step: ResolvedStep, state: RunState): Promise<StepOutcome> {
  const operator = simulatorFor(tenant);
  switch (step.kind) {
    case "create_order": {
      const api = upstreamFor(tenant);
      const options = { currency: step.currency, debitorIban: TEST_IBANS[step.currency] };
      let order;
      const context = { ...state.context };
      if (step.payout === "lightning") {
        const made = await lightningOrder(api, options);
        order = made.order;
        context.node_key = Buffer.from(made.nodePrivateKey).toString("hex");
      } else order = await coinOrder(api, tenant.network, options);
      await indexOrder(db, tenant.id, order, new Date(), startedBy);
      return { result: { order_id: order.id, payout: step.payout }, state: { ...state, orderId: order.id, context } };
    }
    case "pay": {
      if (!state.orderId) {
        throw new StepFailed({ code: "step_missing", needs: "create_order" }, "No order yet: a create_order step must come first");
      }
      const paid = await operator.pay({
        order_id: state.orderId,
        amount: step.amount,
        currency: step.currency,
        ...(step.outcome ? { outcome: step.outcome } : {}),
      });
      return { result: { exchange_id: paid.exchange_id, state: paid.state }, state: { ...state, exchangeId: paid.exchange_id } };
    }
    case "lnurl_withdraw": {
      const nodeKey = state.context.node_key;
      if (!nodeKey) throw new StepFailed({ code: "not_lightning" }, "No Lightning node: the order must be a Lightning order");
      const exchange = await upstreamFor(tenant).getExchange(exchangeOf(state));
      const sent = await withdrawByLnurl({
        exchange,
        nodePrivateKey: Buffer.from(nodeKey, "hex"),
        // the invoice is dated on the tenant's own clock, which its offers expire on
        now: new Date((await operator.clientClock(tenant.clientId, 0)).now),
        network: tenant.network,
      });
      return {
        result: { payment_hash: sent.paymentHash, amount_msat: sent.msat },
        state: { ...state, context: { ...state.context, preimage: sent.preimage } },
      };
    }
    case "move": {
      const moved = await operator.drive(exchangeOf(state), driveEventOf(step, state));
      return { result: { state: moved.state }, state };
    }
    case "advance_clock": {
      // the tenant's own clock: its time alone moves, never another tenant's (lib/sandbox/clock.ts)
      const { now } = await operator.clientClock(tenant.clientId, step.seconds);
      return { result: { now }, state };
    }
    case "wait_for_event":
      // a wait is its job's to carry out over several runs, holding no place (run-job.ts)
      throw new Error("a wait_for_event step is not run here");
  }
}
