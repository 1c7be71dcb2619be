/**
 * @module The CLI's typed failures: a usage mistake (exit 2) or a refused
 * operation (exit 1), each with a message for a person.
 */

/** A failure the CLI reports as `svc-bff: <message>` with a non-zero exit. */
export class CliError extends Error {
  override name = 'CliError'
  constructor(
    message: string,
    readonly exitCode: 1 | 2 = 1,
  ) {
    super(message)
  }
}

/** Wrong flags or arguments; the message says what to type instead. */
export class UsageError extends CliError {
  override name = 'UsageError'
  constructor(message: string) {
    super(message, 2)
  }
}
