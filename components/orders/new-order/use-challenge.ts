"use client";
import { useEffect, useState } from "react";
import { apiFetch, ApiClientError, serviceNow } from "@/lib/dashboard/client/api";
import { SESSION_ENDED } from "@/lib/dashboard/client/live-notices";
import { challengeSchema, type Challenge } from "@/lib/service-api/schemas";

/** Tries after the first: a failure of the network or the service is tried again, a definite no (4xx) is not. */
const RETRIES = 2;

/** Asks the service for a challenge: an action of the wizard (POST), made once per generation. */
async function createChallenge(): Promise<Challenge> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await apiFetch("/api/challenges", challengeSchema, { method: "POST", body: {} });
    } catch (error) {
      const definite = error instanceof ApiClientError && error.status < 500 && error.status !== 0;
      if (definite || attempt >= RETRIES) throw error;
    }
  }
}

type Asked = { generation: number; challenge: Challenge | null; error: unknown };

/**
 * A challenge from the service, renewable, with the seconds it has left. It is asked for when the
 * wizard reaches the proof (`enabled`) and kept while the person goes back and forth between
 * steps; "renew" asks for a new one. A 401 ends the session as anywhere else (the shell sends the
 * person to sign in).
 */
export function useChallenge(enabled: boolean) {
  const [generation, setGeneration] = useState(0);
  const [asked, setAsked] = useState<Asked | null>(null);
  const [now, setNow] = useState(() => serviceNow());
  useEffect(() => {
    const timer = setInterval(() => setNow(serviceNow()), 1000);
    return () => clearInterval(timer);
  }, []);
  const current = asked?.generation === generation ? asked : null;
  const needed = enabled && current === null;
  useEffect(() => {
    if (!needed) return;
    let mounted = true;
    createChallenge().then(
      (challenge) => mounted && setAsked({ generation, challenge, error: null }),
      (error: unknown) => {
        if (error instanceof ApiClientError && error.status === 401) window.dispatchEvent(new Event(SESSION_ENDED));
        if (mounted) setAsked({ generation, challenge: null, error });
      },
    );
    return () => {
      mounted = false;
    };
  }, [needed, generation]);
  const challenge = current?.challenge ?? null;
  const secondsLeft = challenge ? Math.max(0, Math.floor((new Date(challenge.expires_on).getTime() - now) / 1000)) : 0;
  return { challenge, error: current?.error ?? null, renew: () => setGeneration((g) => g + 1), secondsLeft };
}

export function composeMessage(destination: string, token: string): string {
  return `I own ${destination} and want my exchange payouts sent to it. Challenge: ${token}`;
}
