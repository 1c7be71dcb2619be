#!/usr/bin/env bash
# Compiles better-sqlite3's native addon from the registry's tarball of the
# version the lockfile (npm-shrinkwrap.json) names, into DIR, without
# node_modules: `.ci/run` starts it before `npm ci`, so the two minutes of
# one core it takes (no prebuilt binary can be fetched here) overlap the
# install and the first legs of `npm test` instead of preceding them. The tarball is checked
# against the lockfile's integrity hash before anything in it runs. Ends by
# writing DIR/status: 0 and the addon at DIR/better_sqlite3.node, or the
# failure and its output in DIR/log, which scripts/ci/install-sqlite-addon.mjs reads.
set -euo pipefail
dir="$1"
root="$(cd "$(dirname "$0")/../.." && pwd)"
mkdir -p "$dir"
exec >"$dir/log" 2>&1
trap 'echo $? >"$dir/status"' EXIT
read -r version integrity < <(node -e '
  const lock = require(process.argv[1]).packages["node_modules/better-sqlite3"]
  console.log(lock.version, lock.integrity)' "$root/npm-shrinkwrap.json")
cd "$dir"
tarball="$(npm pack "better-sqlite3@$version" --silent)"
actual="sha512-$(openssl dgst -sha512 -binary "$tarball" | base64 -w0)"
if [ "$actual" != "$integrity" ]; then
  echo "better-sqlite3 $version: the registry's tarball does not match npm-shrinkwrap.json ($actual)" >&2
  exit 1
fi
tar -xzf "$tarball"
# The package's own release build (node-gyp rebuild --release, with npm's
# node-gyp on the PATH), without its install script's prebuilt download.
# SQLite's one 9 MB source file is compiled at -O1 instead of the package's
# -O3 (CFLAGS come after gyp's own): 46 s of one core instead of 110, on the
# path every test leg waits on. The code compiled is the same; SQLite's
# authors test it at every optimisation level, and no test here measures
# SQLite's speed (the benches run on a normal install).
(cd package && CFLAGS=-O1 npm run build-release --silent)
cp package/build/Release/better_sqlite3.node .
