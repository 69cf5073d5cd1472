import type { Role } from "@/lib/dashboard/auth/roles";

/** A person's own account is theirs to change, whatever their role; its changes go in their own tenant's log. */
export const everyone = { roles: ["operator", "admin", "viewer"] as Role[], scope: "account" as const };
