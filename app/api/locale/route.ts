import { localeCookie, locales } from "@/i18n/config";
import { safeCallbackPath } from "@/lib/dashboard/auth/safe-callback";
import { publicRoute } from "@/lib/dashboard/api/public-route";
import { requestOrigin } from "@/lib/http/request-origin";
import { otherMethods } from "@/lib/dashboard/api/route";
import { ApiError } from "@/lib/errors";
import { localeFormSchema } from "@/lib/dashboard/contract/locale-api";
import { currentUser } from "@/lib/dashboard/auth/current-user";
import { setUserLocale } from "@/lib/dashboard/notifications/preferences";

export const dynamic = "force-dynamic";

// POST /api/locale (public, form) – the language switcher: remembers the choice for a year and
// goes back to the page it came from (a path of this app only); without return_to, 204. A
// signed-in user's mail is in the language they chose last.
export const POST = publicRoute(async ({ req, db }) => {
  // another site's form may not change the language (browsers say where a request comes from)
  if (req.headers.get("sec-fetch-site") === "cross-site")
    throw new ApiError("forbidden", "The language is set from this app's own pages only");
  const form = await req.formData().catch(() => null);
  const parsed = localeFormSchema.safeParse(form ? Object.fromEntries(form) : {});
  if (!parsed.success) {
    throw new ApiError(
      "invalid_request",
      `locale must be one of ${locales.join(", ")}`,
      parsed.error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message })),
    );
  }
  // a signed-in user's choice is also their mail's language
  const user = await currentUser(req).catch(() => null);
  if (user) await setUserLocale(db, user.id, parsed.data.locale);
  const secure = requestOrigin(req).startsWith("https:") ? "; Secure" : "";
  const cookie = `${localeCookie}=${parsed.data.locale}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
  // the switcher's form goes back to its page; a script's call (no return_to) just gets the cookie
  if (parsed.data.return_to === undefined) return new Response(null, { status: 204, headers: { "Set-Cookie": cookie } });
  return new Response(null, {
    status: 303,
    headers: { Location: safeCallbackPath(parsed.data.return_to, requestOrigin(req)), "Set-Cookie": cookie },
  });
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
