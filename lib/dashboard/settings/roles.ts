import type { Role } from "@/lib/dashboard/auth/roles";

/** Settings are for a tenant's admins, and for operators (of the tenant they look at). */
export const settingsRoles = { roles: ["admin", "operator"] satisfies Role[] as Role[] };
