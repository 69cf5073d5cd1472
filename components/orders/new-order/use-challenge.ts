"use client";
import { useEffect, useState } from "react";
import { serviceNow } from "@/lib/dashboard/client/api";
import { useChallengeQuery } from "@/lib/dashboard/client/queries";

/** A challenge from the service, renewable, with the seconds it has left. */
export function useChallenge(enabled: boolean) {
  const [generation, setGeneration] = useState(0);
  const query = useChallengeQuery(generation, enabled);
  const [now, setNow] = useState(() => serviceNow());
  useEffect(() => {
    const timer = setInterval(() => setNow(serviceNow()), 1000);
    return () => clearInterval(timer);
  }, []);
  const challenge = query.data ?? null;
  const secondsLeft = challenge ? Math.max(0, Math.floor((new Date(challenge.expires_on).getTime() - now) / 1000)) : 0;
  return { challenge, error: query.error, renew: () => setGeneration((g) => g + 1), secondsLeft };
}

export function composeMessage(destination: string, token: string): string {
  return `I own ${destination} and want my exchange payouts sent to it. Challenge: ${token}`;
}
