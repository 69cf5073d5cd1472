"use client";
import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/client/api";
import { queryKeys } from "@/lib/client/queries";
import { credentialsSchema, signInPageSchema, teamSchema, webhookSecretStatusSchema } from "@/lib/contract/settings-api";
import { agreementsSchema } from "@/lib/contract/reports-api";

// The browser's data for /settings: one hook per resource, keys from the one factory, answers
// parsed with their contract schemas.

export const useTeam = () =>
  useQuery({ queryKey: queryKeys.settingsPart("team"), queryFn: () => apiFetch("/api/settings/team", teamSchema) });

export const useSignIns = () =>
  useQuery({
    queryKey: queryKeys.settingsPart("sign-ins"),
    queryFn: () => apiFetch("/api/settings/sign-ins?limit=50", signInPageSchema),
  });

export const useWebhookSecret = () =>
  useQuery({
    queryKey: queryKeys.settingsPart("webhook-secret"),
    queryFn: () => apiFetch("/api/settings/webhook-secret", webhookSecretStatusSchema),
  });

export const useCredentials = () =>
  useQuery({ queryKey: queryKeys.settingsPart("credentials"), queryFn: () => apiFetch("/api/settings/credentials", credentialsSchema) });

/** The affiliate agreements with their share periods (GET /api/agreements). */
export const useAgreements = () =>
  useQuery({ queryKey: queryKeys.settingsPart("agreements"), queryFn: () => apiFetch("/api/agreements", agreementsSchema) });
