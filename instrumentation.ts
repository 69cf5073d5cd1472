// Runs once when the server starts: configuration, migrations, demo seed, the webhook worker.
export async function register() {
  // NEXT_RUNTIME is inlined by Next.js per bundle; the edge bundle must not load Node code.
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { start } = await import("./lib/boot");
  await start();
}
