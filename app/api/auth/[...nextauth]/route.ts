import NextAuth from "next-auth";
import { authOptions } from "@/lib/dashboard/auth/options";
import { noStore, otherMethods } from "@/lib/dashboard/api/route";
import { signInReplacing } from "@/lib/dashboard/auth/sign-in-replaces";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ nextauth: string[] }> };

// next-auth v4 route handler: sign-in (Credentials provider id "credentials"), sign-out, session,
// csrf. A sign-in ends the session the browser held before (lib/dashboard/auth/sign-in-replaces.ts).
async function handler(req: Request, context: Context) {
  const nextAuth = NextAuth(authOptions()) as (req: Request, context: Context) => Promise<Response>;
  return noStore(await signInReplacing(req, () => nextAuth(req, context)));
}

export { handler as GET, handler as POST };

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
