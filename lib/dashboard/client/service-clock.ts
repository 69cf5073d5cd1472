// The exchange service's clock as this browser estimates it: offers and countdowns expire on
// the service's clock, which the sandbox can move. Kept apart from the API client so that a page
// without it (the end user's payout page) can follow the clock too.

let serviceOffsetMs = 0;

/** The service's time now, in milliseconds since the epoch. */
export const serviceNow = () => Date.now() + serviceOffsetMs;

/** Takes the service's time from an answer (its `X-Service-Time` or the render that carried it). */
export function setServiceTime(serviceMs: number): void {
  if (!Number.isNaN(serviceMs)) serviceOffsetMs = serviceMs - Date.now();
}
