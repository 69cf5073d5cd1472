import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { LoginForm } from "@/components/auth/login-form";
import { Logo } from "@/components/shell/logo";
import { currentUser } from "@/lib/auth/current-user";

export const dynamic = "force-dynamic";
export const metadata = { title: "Sign in" };

export default async function LoginPage() {
  if (await currentUser({ headers: await headers() })) redirect("/");
  return (
    <main className="flex min-h-screen items-center justify-center p-4">
      <div className="w-full max-w-sm rounded-lg border border-zinc-200 bg-white p-6 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
        <h1 className="mb-1 flex items-center gap-2 text-xl font-semibold">
          <Logo className="h-6 w-6" /> Exchange dashboard
        </h1>
        <p className="mb-6 text-sm text-zinc-500 dark:text-zinc-400">Sign in with your company account.</p>
        <LoginForm />
      </div>
    </main>
  );
}
