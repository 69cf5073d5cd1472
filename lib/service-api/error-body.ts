import * as z from "zod/mini";

// The body of every error answer, of the service and of the dashboard API alike:
// {error, documentation_uri, details?}. In zod/mini, as the browser parses it too.

export const errorBodySchema = z.looseObject({
  error: z.string(),
  documentation_uri: z.string(),
  details: z.optional(
    z.array(
      z.looseObject({
        path: z.string(),
        message: z.string(),
        /** zod's issue code (too_small, too_big, invalid_type, invalid_format, invalid_value…) and what it names. */
        code: z.optional(z.string()),
        minimum: z.optional(z.number()),
        maximum: z.optional(z.number()),
        inclusive: z.optional(z.boolean()),
        origin: z.optional(z.string()),
        expected: z.optional(z.string()),
        format: z.optional(z.string()),
      }),
    ),
  ),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
