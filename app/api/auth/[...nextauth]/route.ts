import NextAuth from "next-auth";
import { authOptions } from "@/lib/dashboard/auth/options";
import { noStore, otherMethods } from "@/lib/dashboard/api/route";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ nextauth: string[] }> };

// next-auth v4 route handler: sign-in (Credentials provider id "credentials"), sign-out, session, csrf.
async function handler(req: Request, context: Context) {
  return noStore(await (NextAuth(authOptions()) as (req: Request, context: Context) => Promise<Response>)(req, context));
}

export { handler as GET, handler as POST };

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
