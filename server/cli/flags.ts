/**
 * @module Parses a command's flags with `node:util` `parseArgs`, adding
 * the flags every command takes (`--db`, `--json`) and typed readers that
 * turn a bad value into a usage error naming the flag.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util'
import { UsageError } from './cli-error.js'

type Options = NonNullable<ParseArgsConfig['options']>

export const COMMON_OPTIONS = {
  db: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies Options

/**
 * Parses `args` strictly against the command's options plus the common ones.
 *
 * @example
 * const { values, positionals } = parseFlags(args, { name: { type: 'string' } })
 */
export function parseFlags<const O extends Options>(args: string[], options: O, { positionals = 0 } = {}) {
  try {
    const parsed = parseArgs({ args, options: { ...COMMON_OPTIONS, ...options }, strict: true, allowPositionals: positionals > 0 })
    if (parsed.positionals.length > positionals) throw new UsageError(`unexpected argument ${parsed.positionals[positionals]}`)
    return parsed
  } catch (error) {
    if (error instanceof UsageError) throw error
    throw new UsageError((error as Error).message.replace(/\. To specify a positional.*$/s, ''))
  }
}

/**
 * Reads a required string flag.
 *
 * @example
 * const name = required(values.name, '--name')
 */
export function required(value: string | undefined, flag: string): string {
  if (value === undefined) throw new UsageError(`${flag} is required`)
  return value
}

/**
 * Reads an integer flag within bounds.
 *
 * @example
 * const port = integer(values.port, '--port', 0, 65535)
 */
export function integer(value: string | undefined, flag: string, min: number, max: number): number | undefined {
  if (value === undefined) return undefined
  if (!/^[0-9]+$/.test(value) || Number(value) < min || Number(value) > max) {
    throw new UsageError(`${flag} must be an integer from ${min} to ${max}`)
  }
  return Number(value)
}

/**
 * Splits a comma-separated flag into trimmed, non-empty items.
 *
 * @example
 * list('a, b,,c') // ['a', 'b', 'c']
 */
export function list(value: string | undefined): string[] | undefined {
  return value
    ?.split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '')
}

/**
 * Reads a flag that takes one of a few documented values; anything else is refused, not read as the default.
 *
 * @example
 * oneOf(values.status, '--status', ['saved', 'draft'])
 */
export function oneOf(value: string | undefined, name: string, allowed: string[]): string | undefined {
  if (value !== undefined && !allowed.includes(value)) throw new UsageError(`${name} must be ${allowed.join(' or ')}`)
  return value
}
