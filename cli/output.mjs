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
