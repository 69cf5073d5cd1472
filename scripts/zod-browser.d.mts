/** Every name the app's files take from "zod/mini" at run time. */
export function zodMiniNames(root: string): Set<string>;
/** Bundles zod/mini, cut to those names, for the browser; returns its path relative to root. */
export function bundleZodForBrowser(root: string): string;
