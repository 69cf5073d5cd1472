// Tests run lib modules outside Next.js, where "server-only" has nothing to guard.
export {};
