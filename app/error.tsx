"use client";
import { startTransition, useSyncExternalStore } from "react";
import { useRouter } from "next/navigation";

// What a page shows when its server render failed, for example while the database fails over:
// an error state that says what to do, and a way to try again, instead of Next.js's bare error.
// The words of the four languages the product speaks, picked by the page's own language (this
// boundary sits above the translation providers, which may be what failed).
const words = {
  en: [
    "This page could not be loaded",
    "The dashboard could not reach its database just now. This usually passes within a minute.",
    "Try again",
  ],
  de: [
    "Diese Seite konnte nicht geladen werden",
    "Das Dashboard erreicht seine Datenbank gerade nicht. Das geht meist innert einer Minute vorbei.",
    "Erneut versuchen",
  ],
  fr: [
    "Cette page n'a pas pu être chargée",
    "Le tableau de bord n'atteint pas sa base de données pour l'instant. Cela passe en général en moins d'une minute.",
    "Réessayer",
  ],
  it: [
    "Non è stato possibile caricare questa pagina",
    "Il pannello non raggiunge il suo database in questo momento. Di solito si risolve entro un minuto.",
    "Riprova",
  ],
} as const;

export default function PageError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const router = useRouter();
  const lang = useSyncExternalStore(
    () => () => {},
    () => document.documentElement.lang.slice(0, 2),
    () => "en",
  );
  const language: keyof typeof words = lang in words ? (lang as keyof typeof words) : "en";
  const [title, body, retry] = words[language];
  return (
    <main className="mx-auto max-w-lg p-8" role="alert">
      <h1 className="text-xl font-semibold">{title}</h1>
      <p className="mt-3 text-sm opacity-80">{body}</p>
      {error.digest ? <p className="mt-2 font-mono text-xs opacity-60">{error.digest}</p> : null}
      <button
        type="button"
        className="mt-6 rounded-md border px-4 py-2 text-sm font-medium"
        onClick={() =>
          startTransition(() => {
            router.refresh();
            reset();
          })
        }
      >
        {retry}
      </button>
    </main>
  );
}
