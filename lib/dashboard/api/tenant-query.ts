import { z } from "zod";

/**
 * The query parameter by which an operator chooses the tenant a route reads (apiRoute reads it
 * before the route's own query): documented on every route that reads one tenant's data.
 */
export const tenantQuery = z.object({
  tenant_id: z
    .string()
    .optional()
    .meta({ description: "Operators only: the tenant to read (default: the default tenant)", format: "uuid" }),
});
