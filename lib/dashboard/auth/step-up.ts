import "server-only";
import { ApiError } from "@/lib/errors";
import { env } from "@/lib/env";
import type { CurrentUser } from "./sessions";

// Step-up: revealing or rotating a webhook secret, replacing credentials, changing the team or
// the policy, creating a payout link, recording a payout and changing one's own factors need a
// factor (the password, for someone without one) confirmed within the last 5 minutes
// (STEP_UP_WINDOW_SECONDS). Signing in counts; POST /api/account/reauthenticate confirms again.

/** Until when the session's last confirmation opens sensitive actions. */
export const reauthenticatedUntil = (user: Pick<CurrentUser, "reauthenticatedAt">) =>
  new Date(user.reauthenticatedAt.getTime() + env().stepUpWindowMs);

export function requireRecentFactor(user: Pick<CurrentUser, "reauthenticatedAt">, now = Date.now()): void {
  if (reauthenticatedUntil(user).getTime() <= now) {
    throw new ApiError("reauthentication_required", "Confirm it's you: this action needs a factor confirmed a moment ago");
  }
}
