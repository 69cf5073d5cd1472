// The two ways a command ends badly, with the exit status each gives: 1 when it failed (the
// dashboard refused, could not be reached, a scenario failed), 2 when it was called wrongly.

export class CliError extends Error {
  /** @param {string} message @param {number} [exitCode] @param {{ transient?: boolean }} [options] */
  constructor(message, exitCode = 1, options = {}) {
    super(message);
    this.exitCode = exitCode;
    /** The dashboard could not be reached: a command that follows it may try again. */
    this.transient = options.transient ?? false;
  }
}

export class UsageError extends CliError {
  /** @param {string} message */
  constructor(message) {
    super(message, 2);
  }
}
