import { Link } from "@/components/ui/app-link";
import { getTranslations } from "next-intl/server";

/**
 * A page that does not exist (404) or that the user's role may not open (403): what happened and
 * a way back, in the page's language. `signedOut`: the way back is signing in.
 */
export async function MissingPage({ kind, signedOut = false }: { kind: "notFound" | "forbidden"; signedOut?: boolean }) {
  const t = await getTranslations("missing");
  return (
    <section aria-labelledby="missing-title" className="mx-auto flex max-w-lg flex-col items-center gap-3 px-4 py-12 text-center">
      <p className="text-sm font-medium text-zinc-600 dark:text-zinc-400">{kind === "notFound" ? "404" : "403"}</p>
      <h1 id="missing-title" className="text-2xl font-semibold">
        {t(`${kind}.title`)}
      </h1>
      <p className="text-zinc-700 dark:text-zinc-300">{t(`${kind}.body`)}</p>
      <Link href={signedOut ? "/login" : "/"} className="font-medium underline underline-offset-4">
        {signedOut ? t("signIn") : t("back")}
      </Link>
    </section>
  );
}
