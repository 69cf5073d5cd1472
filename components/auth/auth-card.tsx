import type { ReactNode } from "react";
import { LanguageSwitcher } from "@/components/i18n/language-switcher";
import { Logo } from "@/components/shell/logo";
import { locales } from "@/i18n/config";

/** The frame of the pages reached without a session (sign-in's siblings): a card and the language switcher. */
export function AuthCard({
  heading,
  intro,
  returnTo,
  children,
}: {
  heading: string;
  intro?: ReactNode;
  returnTo: string;
  children: ReactNode;
}) {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-3 p-4">
      <div className="w-full max-w-sm rounded-lg border border-zinc-200 bg-white p-6 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
        <h1 className="mb-1 flex items-center gap-2 text-xl font-semibold">
          <Logo className="h-6 w-6" /> {heading}
        </h1>
        {intro && <p className="mb-6 text-sm break-words text-zinc-600 dark:text-zinc-400">{intro}</p>}
        {children}
      </div>
      <LanguageSwitcher offered={locales} returnTo={returnTo} />
    </main>
  );
}
