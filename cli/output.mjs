// What the command line prints: colours only on a terminal and never with NO_COLOR set
// (https://no-color.org), one JSON object a line with --json for scripts.

const ansi = { red: 31, green: 32, yellow: 33, dim: 2, bold: 1, cyan: 36 };

/** @param {NodeJS.WriteStream} stream */
export function colours(stream = process.stdout) {
  const on = Boolean(stream.isTTY) && !("NO_COLOR" in process.env) && process.env.TERM !== "dumb";
  /** @type {Record<keyof typeof ansi, (text: string) => string>} */
  const paint = /** @type {any} */ ({});
  for (const [name, code] of Object.entries(ansi)) {
    /** @type {Record<string, (text: string) => string>} */ (paint)[name] = (text) => (on ? `\u001b[${code}m${text}\u001b[0m` : text);
  }
  return paint;
}

/** The colour of an HTTP status: green for 2xx, yellow for 4xx, red otherwise. */
export function statusColour(/** @type {number | null} */ status) {
  const c = colours();
  if (status === null) return c.red;
  if (status >= 200 && status < 300) return c.green;
  return status >= 400 && status < 500 ? c.yellow : c.red;
}

// C0 and C1 controls and the bidirectional overrides and isolates: what a terminal would act on
// (clear the screen, move the cursor, forge a line, reverse a name) rather than show.
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/**
 * Text from the dashboard (or whatever answered in its place) as this command line prints it:
 * each control character as a visible \\u escape.
 */
export const visibleText = (/** @type {string} */ text) =>
  text.replace(CONTROLS, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);

/**
 * A value read from the dashboard with every string in it made visible (visibleText), keys too:
 * everything this command line prints comes from such values, so nothing it prints can act on the
 * terminal. The top-level fields named in `verbatim` are kept as sent (a webhook's raw body,
 * which is forwarded byte for byte and never printed).
 * @template T @param {T} value @param {readonly string[]} [verbatim] @returns {T}
 */
export function visible(value, verbatim = []) {
  if (typeof value === "string") return /** @type {T} */ (/** @type {unknown} */ (visibleText(value)));
  if (Array.isArray(value)) return /** @type {T} */ (/** @type {unknown} */ (value.map((inner) => visible(inner))));
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value).map(([key, inner]) => [
      verbatim.includes(key) ? key : visibleText(key),
      verbatim.includes(key) ? inner : visible(inner),
    ]);
    return /** @type {T} */ (Object.fromEntries(entries));
  }
  return value;
}

/** JSON text from the dashboard, parsed and made visible. @param {string} text @returns {unknown} */
export const parseVisible = (text) => visible(JSON.parse(text));

/** A local time of day, as a log line starts. */
export const clock = (/** @type {Date} */ at = new Date()) => at.toTimeString().slice(0, 8);

/** One line on stdout: the object as JSON with --json, else the text. */
export function line(/** @type {boolean} */ json, /** @type {unknown} */ object, /** @type {string} */ text) {
  process.stdout.write(`${json ? JSON.stringify(object) : text}\n`);
}

/** A note for the person at the terminal: on stderr, so that stdout stays the command's output. */
export function note(/** @type {string} */ text) {
  process.stderr.write(`${text}\n`);
}
