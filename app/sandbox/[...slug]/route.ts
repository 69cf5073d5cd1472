import { ApiError } from "@/lib/errors";
import { sandboxRoute } from "@/lib/sandbox/http";

export const dynamic = "force-dynamic";

// Anything else under /sandbox: a JSON 404, never an HTML page.
const notFound = sandboxRoute(async () => {
  throw new ApiError("not_found", "No such endpoint");
});

export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE };
