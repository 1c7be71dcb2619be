#!/usr/bin/env node
/**
 * The measures of issue 14's house review, printed for a closing note:
 * which non-test, non-migration modules query each table; how many
 * functions run over 60 lines; which files run over 300 lines.
 *
 * Usage: node scripts/house-measures.mjs
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'

const ROOTS = ['server', 'widget', 'shared', 'bench', 'scripts']
const files = []
const walk = (dir) => {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) walk(path)
    else if (/\.(ts|mjs)$/.test(name) && !name.endsWith('.d.ts')) files.push(path)
  }
}
for (const root of ROOTS) {
  try {
    walk(root)
  } catch {}
}
const production = files.filter((path) => !/\.test\.ts$|-testing\.ts$|\/testing\/|\/migrations\//.test(path) && path.startsWith('server/'))

const schema = readFileSync('server/db/schema.ts', 'utf8')
const tables = [...schema.matchAll(/^ {2}([a-z_]+): [A-Z]\w+Table$/gm)].map((match) => match[1])
console.log('modules querying each table (non-test, non-migration):')
for (const table of tables) {
  const pattern = new RegExp(`(selectFrom|insertInto|updateTable|deleteFrom|innerJoin|leftJoin|with)\\(\\s*'${table}(\\s+as\\s+\\w+)?'`)
  const users = production.filter((path) => pattern.test(readFileSync(path, 'utf8')))
  console.log(`  ${table.padEnd(22)} ${String(users.length).padStart(2)}  ${users.join(' ')}`)
}

let longFunctions = 0
const long = []
for (const path of files.filter((p) => !/\.test\.ts$/.test(p))) {
  const lines = readFileSync(path, 'utf8').split('\n')
  // A function starts at a line ending in `{` that declares one, and ends at the first line back at its indentation with `}`.
  lines.forEach((line, index) => {
    const match = /^(\s*)(export\s+)?(async\s+)?(function\b|\w+\s*[(=:].*=>\s*\{$|(async\s+)?\w+\(.*\)\s*(:\s*[^{]+)?\{$)/.exec(line)
    if (!match || !line.trimEnd().endsWith('{') || /^\s*(if|for|while|switch|catch|else|return)\b/.test(line)) return
    const indent = match[1]
    const end = lines.findIndex((other, at) => at > index && other.startsWith(`${indent}}`))
    if (end > 0 && end - index > 60) {
      longFunctions++
      long.push(`${path}:${index + 1} (${end - index} lines)`)
    }
  })
}
console.log(`functions over 60 lines: ${longFunctions}`)
for (const entry of long) console.log(`  ${entry}`)
const big = files
  .filter((p) => !/\.test\.ts$/.test(p))
  .map((path) => [path, readFileSync(path, 'utf8').split('\n').length])
  .filter(([, count]) => count > 300)
console.log(`files over 300 lines: ${big.length}`)
for (const [path, count] of big) console.log(`  ${path} (${count})`)
