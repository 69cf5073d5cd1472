export const roles = ["operator", "admin", "viewer"] as const;
export type Role = (typeof roles)[number];

/** Admins act on their tenant; operators and viewers read. */
export function canMutate(role: Role): boolean {
  return role === "admin";
}
