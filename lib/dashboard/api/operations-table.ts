import "server-only";
import type { DocTable } from "@/lib/docs-tables";
import { scopeFor } from "@/lib/dashboard/auth/api-keys";
import type { Role } from "@/lib/dashboard/auth/roles";
import type { Endpoint, PublicEndpoint } from "./endpoint";
import { endpoints, publicEndpoints } from "./openapi";

// The table of every endpoint in docs/api.md, written from the endpoints' definitions (npm run
// docs:tables): its method and path, its summary, who may call it and the API key scope that
// opens it. The prose tables around it say more of each; this one cannot drift from the code.

const everyone: Role[] = ["operator", "admin", "viewer"];

/** Who may call: as apiRoute decides (roles named, else admins for a change, else every member). */
function callers(e: Endpoint | PublicEndpoint): string {
  if (e.access === "public") return "anyone";
  const roles = e.access.roles ?? (e.access.mutation ? ["admin"] : everyone);
  return roles.length === everyone.length ? "all" : roles.join(", ");
}

/** The key scope(s) that open it, or "no key" where keys are not taken. */
function keyScope(e: Endpoint | PublicEndpoint): string {
  if (e.access === "public") return "none needed";
  const needed = scopeFor(e.method, `/api${e.path}`, e.method !== "GET");
  if (needed === null) return "no key";
  return (Array.isArray(needed) ? needed : [needed]).map((s) => `\`${s}\``).join(" or ");
}

function operationsTable(): string {
  const rows = [...endpoints, ...publicEndpoints]
    .map((e) => ({ e, key: `${e.path} ${e.method}` }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map(({ e }) => `| \`${e.method} /api${e.path}\` | ${e.doc.summary.replace(/\|/g, "\\|")} | ${callers(e)} | ${keyScope(e)} |`);
  return ["| operation | what | who | API key |", "|---|---|---|---|", ...rows].join("\n");
}

export const operationsDocTable: DocTable = { file: "docs/api.md", name: "operations", render: operationsTable };
