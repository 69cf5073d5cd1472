// Runs once when the server starts: migrations, demo seed, the webhook delivery worker.
export async function register() {
  // NEXT_RUNTIME is inlined by Next.js per bundle; the edge bundle must not load Node code.
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { boot } = await import("./lib/boot");
  const { env } = await import("./lib/env");
  if (env().isBuildPhase) return;
  await boot();
}
