#!/usr/bin/env node
/**
 * The measures of issue 14's house review, printed for a closing note:
 * which non-test, non-migration modules query each table; which functions
 * run over 60 lines (read from TypeScript's syntax tree); which files run
 * over 300 lines.
 *
 * Usage: node scripts/house-measures.mjs
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import ts from 'typescript'

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

// Every function-like node of the syntax tree, named by its declaration or
// by what it is assigned or passed to, and measured from its first line to
// its last: a regular expression over lines missed arrow functions passed
// as arguments, such as route handlers, which are the longest.
const LONG = 60
const long = []
for (const path of files.filter((p) => !/\.test\.ts$/.test(p))) {
  const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true)
  const lineOf = (position) => source.getLineAndCharacterOfPosition(position).line + 1
  const visit = (node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const [first, last] = [lineOf(node.getStart(source)), lineOf(node.getEnd())]
      if (last - first + 1 > LONG) long.push({ where: `${path}:${first}`, name: functionName(node, source), lines: last - first + 1 })
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
}
long.sort((a, b) => b.lines - a.lines)
console.log(`functions over ${LONG} lines: ${long.length}`)
for (const { where, name, lines } of long) console.log(`  ${String(lines).padStart(4)}  ${name}  ${where}`)
const big = files
  .filter((p) => !/\.test\.ts$/.test(p))
  .map((path) => [path, readFileSync(path, 'utf8').split('\n').length])
  .filter(([, count]) => count > 300)
console.log(`files over 300 lines: ${big.length}`)
for (const [path, count] of big) console.log(`  ${path} (${count})`)

/**
 * A function's name: its own, or the variable, property or class member it
 * is assigned to, or, for a callback, the call it is passed to with its
 * first string argument (`app.post('/token') callback`).
 */
function functionName(node, source) {
  if (node.name) return node.name.getText(source)
  if (ts.isConstructorDeclaration(node)) return 'constructor'
  const parent = node.parent
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) return parent.name.getText(source)
  if (ts.isBinaryExpression(parent) && parent.right === node) return parent.left.getText(source)
  if (ts.isCallExpression(parent)) {
    const label = parent.arguments.find((argument) => ts.isStringLiteralLike(argument))
    return `${parent.expression.getText(source)}(${label ? label.getText(source) : ''}) callback`
  }
  return '(anonymous)'
}
