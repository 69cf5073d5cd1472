import * as z from "zod/mini";

// The body of every error answer, of the service and of the dashboard API alike:
// {error, documentation_uri, details?}. In zod/mini, as the browser parses it too.

export const errorBodySchema = z.looseObject({
  error: z.string(),
  documentation_uri: z.string(),
  details: z.optional(z.array(z.looseObject({ path: z.string(), message: z.string() }))),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
