import "server-only";
import { getTranslations } from "next-intl/server";
import type { Db } from "@/lib/db/client";
import type { AuditEntry, AuditExportQuery } from "@/lib/dashboard/contract/dashboard-api";
import { describeEntry } from "@/lib/dashboard/audit/describe-entry";
import { auditConditions, auditRows, describeTargets } from "@/lib/dashboard/audit/list-audit";
import { EXPORT_BATCH, exportResponse, type Column } from "./export";

// GET /api/audit/export.csv – every entry the filters match, newest first, streamed in batches,
// each with its sentence in the language asked for.

type Line = AuditEntry & { sentence: string; outcome: string };

const columns: Column<Line>[] = [
  { name: "time", kind: "text", value: (r) => r.at },
  { name: "actor_email", kind: "text", value: (r) => r.user },
  { name: "api_key", kind: "text", value: (r) => r.api_key },
  { name: "action", kind: "text", value: (r) => r.action },
  { name: "sentence", kind: "text", value: (r) => r.sentence },
  { name: "outcome", kind: "text", value: (r) => r.outcome },
  { name: "result", kind: "text", value: (r) => r.result },
  { name: "target_kind", kind: "text", value: (r) => r.target_kind },
  { name: "target", kind: "text", value: (r) => r.target },
  { name: "tenant_id", kind: "text", value: (r) => r.tenant_id },
  { name: "request_id", kind: "text", value: (r) => r.request_id },
];

export async function exportAudit(db: Db, tenantId: string | null, query: AuditExportQuery, timeZone: string): Promise<Response> {
  const t = await getTranslations({ locale: query.locale, namespace: "audit" });
  const where = auditConditions(tenantId, query, timeZone);
  const say = (entry: AuditEntry): Line => {
    const d = describeEntry(entry);
    const sentence = t.markup(d.key, {
      name: d.actor.kind === "person" ? d.actor.email : t(d.actor.kind),
      id: d.target?.full ?? t("unknownTarget"),
      role: d.role,
      policy: d.policy,
      what: d.what,
      actor: (chunks) => chunks,
      target: (chunks) => chunks,
    });
    return { ...entry, sentence: d.detail ? `${sentence} (${d.detail})` : sentence, outcome: t(`outcomes.${d.outcome}`) };
  };
  async function* batches() {
    let before: number | null = null;
    for (;;) {
      const rows = await auditRows(db, where, before, EXPORT_BATCH);
      if (rows.length === 0) return;
      yield (await describeTargets(db, tenantId, rows)).map(say);
      if (rows.length < EXPORT_BATCH) return;
      before = rows.at(-1)?.id ?? null;
    }
  }
  return exportResponse({ format: "csv", filename: "audit-log", columns, batches: batches() });
}
