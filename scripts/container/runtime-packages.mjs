// @module The image's node_modules against the lockfile: every package
// folder the runtime holds, with its version, must be one of the lockfile's
// production entries, and each of those must be there (the comparison
// e2e/packaging.test.ts makes for a published install). The Dockerfile
// gets the runtime's packages by pruning a full install rather than
// installing them apart, so the container check (check.sh) runs this on
// the built image's files, read from the host. better-sqlite3's addon must
// be there too. Prints one line; exits 1 with the differences.
//
// Usage: node scripts/container/runtime-packages.mjs APP_FOLDER LOCKFILE
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

const [app, lockfile] = process.argv.slice(2)
if (!app || !lockfile) {
  console.error('usage: node scripts/container/runtime-packages.mjs APP_FOLDER LOCKFILE')
  process.exit(2)
}

/** The lockfile's production packages: folder → version. */
function lockedRuntimePackages(file) {
  const { packages } = JSON.parse(readFileSync(file, 'utf8'))
  return new Map(
    Object.entries(packages)
      .filter(([folder, entry]) => folder !== '' && !entry.dev)
      .map(([folder, entry]) => [folder, entry.version ?? '']),
  )
}

/** The package folders under `folder`/node_modules, nested ones too: folder → version. */
function installedPackages(root, folder = '', found = new Map()) {
  const modules = join(folder, 'node_modules')
  if (!existsSync(join(root, modules))) return found
  for (const name of readdirSync(join(root, modules))) {
    if (name.startsWith('.')) continue
    const names = name.startsWith('@') ? readdirSync(join(root, modules, name)).map((inner) => `${name}/${inner}`) : [name]
    for (const packageName of names) {
      const packageFolder = join(modules, packageName)
      const manifest = join(root, packageFolder, 'package.json')
      found.set(packageFolder, existsSync(manifest) ? JSON.parse(readFileSync(manifest, 'utf8')).version : '(no package.json)')
      installedPackages(root, packageFolder, found)
    }
  }
  return found
}

const locked = lockedRuntimePackages(lockfile)
const installed = installedPackages(app)
const problems = []
for (const [folder, version] of installed) {
  if (!locked.has(folder)) problems.push(`${folder} ${version} is not a production package of the lockfile`)
  else if (locked.get(folder) !== version) problems.push(`${folder} is ${version}, the lockfile says ${locked.get(folder)}`)
}
for (const folder of locked.keys()) if (!installed.has(folder)) problems.push(`${folder} is missing`)
const addon = join(app, 'node_modules', 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node')
if (!existsSync(addon)) problems.push('better-sqlite3 has no addon (build/Release/better_sqlite3.node)')
if (problems.length > 0) {
  console.error(problems.join('\n'))
  process.exit(1)
}
console.log(`node_modules: the lockfile's ${locked.size} production packages, no other, and better-sqlite3's addon`)
