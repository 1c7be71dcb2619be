#!/usr/bin/env bash
# Compiles better-sqlite3's native addon from the registry's tarball of the
# version package-lock.json names, into DIR, without node_modules: `.ci/run`
# starts it before `npm ci`, so the two minutes of one core it takes (no
# prebuilt binary can be fetched here) overlap the install and the first
# legs of `npm test` instead of preceding them. The tarball is checked
# against the lockfile's integrity hash before anything in it runs. Ends by
# writing DIR/status: 0 and the addon at DIR/better_sqlite3.node, or the
# failure and its output in DIR/log, which scripts/ci/install-sqlite-addon.mjs reads.
#
# The machine keeps what it compiled (in SVC_CI_CACHE, /var/cache/svc-ci by
# default, as scripts/container/check.sh keeps its base image), under a key
# of everything the result depends on: the tarball's integrity hash, Node's
# version and ABI, the compiler's version and the flags. A run with the same
# key copies the addon instead of compiling it again: a fresh clone's CI
# compiled the same bytes on every run, 46 s of one core each. A new
# better-sqlite3, Node or compiler misses the cache and compiles.
set -euo pipefail
dir="$1"
root="$(cd "$(dirname "$0")/../.." && pwd)"
mkdir -p "$dir"
exec >"$dir/log" 2>&1
trap 'echo $? >"$dir/status"' EXIT
read -r version integrity < <(node -e '
  const lock = require(process.argv[1]).packages["node_modules/better-sqlite3"]
  console.log(lock.version, lock.integrity)' "$root/package-lock.json")
# SQLite's one 9 MB source file is compiled at -O1 instead of the package's
# -O3 (CFLAGS come after gyp's own): 46 s of one core instead of 110, on the
# path every test leg waits on. The code compiled is the same; SQLite's
# authors test it at every optimisation level, and no test here measures
# SQLite's speed (the benches run on a normal install).
cflags=-O1
key="$(printf '%s\n' "$integrity" "$(node -p 'process.version + " " + process.versions.modules')" "$(c++ --version | head -1)" "$cflags" |
  sha256sum | cut -c1-32)"
cache="${SVC_CI_CACHE:-/var/cache/svc-ci}/better-sqlite3-$version-$key.node"
if [ -f "$cache" ]; then
  cp "$cache" "$dir/better_sqlite3.node"
  echo "better-sqlite3 $version: the addon this machine compiled before with the same tarball, Node, compiler and flags ($cache)"
  exit 0
fi
cd "$dir"
tarball="$(npm pack "better-sqlite3@$version" --silent)"
actual="sha512-$(openssl dgst -sha512 -binary "$tarball" | base64 -w0)"
if [ "$actual" != "$integrity" ]; then
  echo "better-sqlite3 $version: the registry's tarball does not match package-lock.json ($actual)" >&2
  exit 1
fi
tar -xzf "$tarball"
# The package's own release build (node-gyp rebuild --release, with npm's
# node-gyp on the PATH), without its install script's prebuilt download.
(cd package && CFLAGS="$cflags" npm run build-release --silent)
cp package/build/Release/better_sqlite3.node .
# Kept for the next run; a cache that cannot be written only costs that run the compile again.
if mkdir -p "$(dirname "$cache")" 2>/dev/null && cp better_sqlite3.node "$cache.$$" 2>/dev/null; then
  mv "$cache.$$" "$cache"
else
  echo "could not keep the addon in $(dirname "$cache"); the next run compiles it again"
fi
