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
    "The dashboard could not load it just now, for example while its database restarts. Try again in a moment.",
    "Try again",
    "Reference",
  ],
  de: [
    "Diese Seite konnte nicht geladen werden",
    "Das Dashboard konnte sie gerade nicht laden, etwa während seine Datenbank neu startet. Versuchen Sie es gleich noch einmal.",
    "Erneut versuchen",
    "Referenz",
  ],
  fr: [
    "Cette page n'a pas pu être chargée",
    "Le tableau de bord n'a pas pu la charger pour l'instant, par exemple pendant que sa base redémarre. Réessayez dans un instant.",
    "Réessayer",
    "Référence",
  ],
  it: [
    "Non è stato possibile caricare questa pagina",
    "Il pannello non è riuscito a caricarla in questo momento, ad esempio mentre il suo database si riavvia. Riprova tra un attimo.",
    "Riprova",
    "Riferimento",
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
  const [title, body, retry, reference] = words[language];
  return (
    <main className="mx-auto max-w-lg p-8" role="alert">
      <h1 className="text-xl font-semibold">{title}</h1>
      <p className="mt-3 text-sm opacity-80">{body}</p>
      {error.digest ? (
        <p className="mt-2 text-xs opacity-60">
          {reference}: <span className="font-mono">{error.digest}</span>
        </p>
      ) : null}
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
