#!/usr/bin/env bash
# @module The container check: builds svc's Dockerfile and runs the image,
# on a machine that reaches no container registry and may not run an OCI
# runtime (podman's is refused `setrlimit` here; buildah's chroot isolation
# works). It
#   1. builds a base image from Debian packages, bookworm minbase with this
#      machine's Node 20 copied in (Debian's nodejs is too old), as
#      localhost/svc-base-node20, kept for the next run (--new-base redoes it);
#   2. checks compose.yaml parses and has its two profiles;
#   3. builds the Dockerfile on that base (`--build-arg BASE_IMAGE=…`), in
#      a buildah storage of its own on tmpfs, and checks the image's
#      node_modules against the lockfile's production packages;
#   4. runs `serve --demo` in the built image and checks, over HTTP, /readyz,
#      the ads API with the demo's key, /sdk.js, the image's HEALTHCHECK and
#      its non-root user, then that SIGTERM drains (exit 0, `svc.stopped`)
#      and that `svc-bff` in the image reads the volume's database;
#   5. starts a fresh container without --demo: its setup link makes the
#      first operator, who signs in to the console through it;
#   6. removes the container, the built image and its storage.
# It needs root (debootstrap, buildah's storage) and installs debootstrap,
# buildah and python3-yaml from Debian when they are missing.
#
# What it costs (`/usr/bin/time -v bash scripts/container/check.sh`, on this
# project's 2-core machine while other work kept its load average at 10 to
# 20): cold (no base image, no npm cache) 5.0 minutes of CPU (240 s user,
# 61 s system), 14 minutes of wall time, 0.7 GB at most; with the base image
# kept, 4.2 minutes of CPU. Of the cold run's wall time, debootstrap and the
# import took 5.5 minutes, the image build 8.5 (mostly compiling
# better-sqlite3's SQLite, since GitHub's prebuilt addons are out of reach
# here), the checks on the running server 15 seconds. Serving the build
# this machine's own addon as its prebuild mirror (step 3) took the run
# with the base kept from 4.2 minutes of CPU to 82 s (84 s of wall time).
# At a load average near 20 the same run took 130-145 s of CPU (84-91 s
# user, 48-53 s system), 11-17 minutes of wall.
# With the lockfile's tarball addresses (13d62a2), at a load average of 5
# to 15, it took 76-98 CPU-s (median 93) and 67-232 s of wall (five runs):
# the two installs 30-37 (the full one 24-29, the production one 6-9),
# buildah's own work 27-36 (its main process 8-13, about 100 short helper
# processes: copiers, chroot runners), the build 9-12, the checks on the
# running image about 10; and where other work kept the disk busy (load
# 11-16), 30-75 s of wall after the image was tagged in which buildah
# deleted the build stage's container file by file (31,000 files of
# node_modules) from the machine's ext4 storage.
# One install instead of two (the Dockerfile prunes a copy of hard links),
# no esbuild rebuild, and the image built and run in a tmpfs storage of
# the check's own (step 3, 0.6 GB at most) took it to 70-85 CPU-s (median
# 77) and 81-149 s of wall (six runs alternating with the five above):
# the install 20-31 with its prune 3-5, buildah 27-31, the deletion 2 s.
# Side by side, the new run took 0.74-0.93 of the old one's CPU.
#
# Usage: bash scripts/container/check.sh [--new-base]
set -euo pipefail
cd "$(dirname "$0")/../.."

BASE=localhost/svc-base-node20
IMAGE="localhost/svc-check:$$"
new_base=0
for arg in "$@"; do
  case "$arg" in
    --new-base) new_base=1 ;;
    *) echo "usage: bash scripts/container/check.sh [--new-base]" >&2; exit 2 ;;
  esac
done

started=$SECONDS
say() { printf '[container check %3ds] %s\n' "$((SECONDS - started))" "$*"; }
fail() { printf '[container check %3ds] FAILED: %s\n' "$((SECONDS - started))" "$*" >&2; exit 1; }
# Waits up to SECONDS for FILE, which `.ci/run` writes once work the check
# shares with it is done; false if it never came.
wait_for_file() {
  local file="$1" seconds="$2"
  for _ in $(seq 1 "$seconds"); do [ -e "$file" ] && return 0; sleep 1; done
  return 1
}

[ "$(id -u)" = 0 ] || fail "run it as root: debootstrap and buildah's image storage need it"

# `.ci/run` installs this check's tools with everything else it needs
# from Debian, beside its other work, and names the file where that
# install's exit status will be: the check waits for it, then installs
# what is still missing itself.
if [ -n "${SVC_DEBIAN_INSTALLED:-}" ]; then
  wait_for_file "$SVC_DEBIAN_INSTALLED" 900 || true
fi
missing=()
command -v debootstrap >/dev/null || missing+=(debootstrap)
command -v buildah >/dev/null || missing+=(buildah)
python3 -c 'import yaml' 2>/dev/null || missing+=(python3-yaml)
if [ ${#missing[@]} -gt 0 ]; then
  say "installing ${missing[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi

work="$(mktemp -d /tmp/svc-container-check.XXXXXX)"
container=""
server_pid=""
mirror_pid=""
# buildah on the image this check builds and runs: in a storage of the
# check's own once step 3 has made one, the machine's before (and where
# none could be made).
store=""
built_store=()
built() { buildah "${built_store[@]}" "$@"; }
cleanup() {
  status=$?
  [ -z "$mirror_pid" ] || kill "$mirror_pid" 2>/dev/null || true
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then
    kill -TERM "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
  fi
  [ -n "$container" ] && built rm "$container" >/dev/null 2>&1 || true
  built rmi "$IMAGE" >/dev/null 2>&1 || true
  if [ -n "$store" ]; then
    built rm --all >/dev/null 2>&1 || true
    umount --recursive "$store" 2>/dev/null || umount --recursive --lazy "$store" 2>/dev/null || true
  fi
  rm -rf "$work"
  exit "$status"
}
trap cleanup EXIT
# The long steps run in the background of this shell, so that a SIGTERM
# (.ci/run stopping early) reaches them at once instead of after they end.
child=""
trap '[ -z "$child" ] || kill -TERM "$child" 2>/dev/null; exit 143' TERM INT
# Runs a command with its output in a log file; its exit status is the command's.
logged() {
  local log="$1" status=0
  shift
  "$@" >"$log" 2>&1 &
  child=$!
  wait "$child" || status=$?
  child=""
  return "$status"
}

# A TCP port free on loopback.
free_port() { node -e 's = require("node:net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close() })'; }

# The Debian mirror apt already uses here (a deb822 .sources file or a
# one-line sources.list), else Debian's own.
debian_mirror() {
  local uri
  uri="$(grep -hs -E '^URIs:' /etc/apt/sources.list.d/*.sources | grep -v -- '-security' | awk '{print $2}' | head -1)"
  [ -n "$uri" ] || uri="$(grep -hs -E '^deb ' /etc/apt/sources.list | grep -v -- '-security' | awk '{print $2}' | head -1)"
  echo "${uri:-http://deb.debian.org/debian}"
}

# 1. The base image: what node:20-bookworm-slim holds, from Debian packages
# and this machine's Node: node and npm under /usr/local, Node's headers
# (better-sqlite3 compiles its addon against them when it cannot fetch one).
build_base() {
  local rootfs="$work/rootfs" node npm_dir prefix mirror
  mirror="$(debian_mirror)"
  node="$(readlink -f "$(command -v node)")"
  "$node" -e 'process.exit(Number(process.versions.node.split(".")[0]) === 20 ? 0 : 1)' \
    || fail "the base image takes this machine's Node 20; $node is $("$node" --version)"
  prefix="$(dirname "$(dirname "$node")")"
  npm_dir="$prefix/lib/node_modules/npm"
  [ -d "$npm_dir" ] || fail "npm is not beside node (looked in $npm_dir)"
  [ -f "$prefix/include/node/node.h" ] || fail "Node's headers are not beside node (looked in $prefix/include/node)"

  say "debootstrap --variant=minbase bookworm from $mirror"
  logged "$work/debootstrap.log" debootstrap --variant=minbase bookworm "$rootfs" "$mirror" \
    || { tail -20 "$work/debootstrap.log" >&2; fail "debootstrap failed"; }
  # The downloaded packages and apt's lists are not part of a slim image.
  rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/*

  say "copying in $node ($("$node" --version)) and npm $(npm --version)"
  mkdir -p "$rootfs/usr/local/bin" "$rootfs/usr/local/lib/node_modules" "$rootfs/usr/local/include" "$rootfs/usr/local/etc"
  cp "$node" "$rootfs/usr/local/bin/node"
  cp -a "$npm_dir" "$rootfs/usr/local/lib/node_modules/npm"
  cp -a "$prefix/include/node" "$rootfs/usr/local/include/node"
  ln -s ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/local/bin/npm"
  ln -s ../lib/node_modules/npm/bin/npx-cli.js "$rootfs/usr/local/bin/npx"
  # node-gyp would download the headers from nodejs.org, which this machine may not reach.
  echo "nodedir=/usr/local" >"$rootfs/usr/local/etc/npmrc"

  local config=(--env PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin --cmd node)
  # Where this machine reaches the internet through an intercepting proxy,
  # its certificate authority travels into the base, so that npm inside the
  # build trusts what the host trusts.
  if [ -n "${NODE_EXTRA_CA_CERTS:-}" ] && [ -r "$NODE_EXTRA_CA_CERTS" ]; then
    mkdir -p "$rootfs/usr/local/share/svc-check"
    cp "$NODE_EXTRA_CA_CERTS" "$rootfs/usr/local/share/svc-check/host-ca.crt"
    config+=(--env NODE_EXTRA_CA_CERTS=/usr/local/share/svc-check/host-ca.crt)
  fi

  say "importing it as $BASE"
  local ctr mnt
  ctr="$(buildah from scratch)"
  mnt="$(buildah mount "$ctr")"
  cp -a "$rootfs/." "$mnt/"
  buildah umount "$ctr" >/dev/null
  buildah config "${config[@]}" "$ctr"
  buildah commit -q --rm "$ctr" "$BASE" >/dev/null
  rm -rf "$rootfs"
}

if [ "$new_base" = 1 ] || ! buildah inspect --type image "$BASE" >/dev/null 2>&1; then
  build_base
else
  say "reusing $BASE (--new-base builds it again)"
fi

# 2. compose.yaml: it parses, and its profiles are the two the docs promise.
say "checking compose.yaml"
python3 - <<'PY' || fail "compose.yaml"
import sys, yaml
compose = yaml.safe_load(open("compose.yaml"))
services = compose["services"]
profiles = {name: set(service.get("profiles", [])) for name, service in services.items()}
sqlite = [name for name, p in profiles.items() if "sqlite" in p]
postgres = [name for name, p in profiles.items() if "postgres" in p]
assert sqlite and postgres, f"both profiles must have services: {profiles}"
svc_on_pg = [n for n in postgres if services[n].get("build")]
assert len(svc_on_pg) == 1 and services[svc_on_pg[0]]["deploy"]["replicas"] == 2, "postgres runs two replicas of svc's image"
assert any("caddy" in str(services[n].get("image", "")) for n in postgres), "postgres profile has a reverse proxy"
for name in sqlite + postgres:
    for volume in services[name].get("volumes", []):
        source = volume.split(":")[0] if isinstance(volume, str) else volume["source"]
        assert source.startswith((".", "/")) or source in compose.get("volumes", {}), f"{name}: volume {source} is not declared"
PY

# 3. The image, on that base. `docker` format keeps the HEALTHCHECK (OCI has none).
# GitHub's prebuilt better-sqlite3 addons are out of reach here, so the
# image would compile SQLite again (two minutes of a core, the most of the
# build). When this machine has the addon of the lockfile's version (CI
# compiles it from the checked tarball, scripts/ci/compile-sqlite-addon.sh),
# it is served to the build as a prebuild mirror on loopback instead.
addon_args=()
addon_wanted="$(node -p 'require("./npm-shrinkwrap.json").packages["node_modules/better-sqlite3"].version')"
if [ -n "${SVC_SQLITE_ADDON_BUILD:-}" ]; then
  wait_for_file "$SVC_SQLITE_ADDON_BUILD/status" 600 || true
fi
addon_built=""
if [ -n "${SVC_SQLITE_ADDON_BUILD:-}" ] && [ "$(cat "$SVC_SQLITE_ADDON_BUILD/status" 2>/dev/null)" = 0 ]; then
  addon_built="$SVC_SQLITE_ADDON_BUILD/better_sqlite3.node"
elif [ "$(node -p 'require("./node_modules/better-sqlite3/package.json").version' 2>/dev/null)" = "$addon_wanted" ]; then
  addon_built=node_modules/better-sqlite3/build/Release/better_sqlite3.node
fi
if [ -n "$addon_built" ] && [ -f "$addon_built" ]; then
  abi="$(node -p process.versions.modules)"
  prebuilds="$work/prebuilds"
  mkdir -p "$prebuilds/v$addon_wanted" "$work/prebuild/build/Release"
  cp "$addon_built" "$work/prebuild/build/Release/"
  tar -czf "$prebuilds/v$addon_wanted/better-sqlite3-v$addon_wanted-node-v$abi-linux-x64.tar.gz" -C "$work/prebuild" build
  mirror_port="$(free_port)"
  python3 -m http.server --bind 127.0.0.1 --directory "$prebuilds" "$mirror_port" >"$work/mirror.log" 2>&1 &
  mirror_pid=$!
  addon_args=(--build-arg "BETTER_SQLITE3_BINARY_HOST=http://127.0.0.1:$mirror_port")
  say "serving this machine's better-sqlite3 $addon_wanted addon to the build as its prebuild mirror"
fi
# The Dockerfile's npm cache mount (`--mount=type=cache,target=/root/.npm`)
# is, for buildah, the directory /var/tmp/buildah-cache/root/.npm on this
# machine. Where it does not exist yet (a fresh CI machine), it becomes a
# link to this machine's own npm cache, which `.ci/run`'s `npm ci` fills
# beside this build: each package is fetched from the registry once, not
# once for the host and again for the image. (npm's cache is
# content-addressed and safe to share between processes.)
npm_cache="$(npm config get cache)"
buildah_npm_cache=/var/tmp/buildah-cache/root/.npm
if [ -d "$npm_cache" ] && [ ! -e "$buildah_npm_cache" ] && [ ! -L "$buildah_npm_cache" ]; then
  mkdir -p "$(dirname "$buildah_npm_cache")"
  ln -s "$npm_cache" "$buildah_npm_cache"
  say "the image's npm cache is this machine's ($npm_cache)"
fi
# npm in the build takes what that cache holds without asking the registry
# whether it is still current (`prefer-offline`) where the cache is this
# machine's and `.ci/run`'s `npm ci`, which revalidates every package the
# lockfile names, has finished filling it (it touches
# $SVC_NPM_INSTALLED): the lockfile pins each version and its integrity
# but names no tarball address, so `npm ci` otherwise revalidates every
# package's metadata and tarball with the registry, 2,054 requests for the
# image's two installs. A cache older than the lockfile may lack a version
# it names, which npm would then fail to find, so any other cache is
# revalidated as before. No audit or update check either way. A bind mount of
# npm's user configuration, for the build's RUN steps only: neither the
# image nor the Dockerfile an operator builds changes.
npm_settings='audit=false\nfund=false\nupdate-notifier=false\n'
if [ -L "$buildah_npm_cache" ] && [ "$(readlink -f "$buildah_npm_cache")" = "$(readlink -f "$npm_cache")" ] \
  && [ -n "${SVC_NPM_INSTALLED:-}" ]; then
  wait_for_file "$SVC_NPM_INSTALLED" 600 || true
  if [ -e "$SVC_NPM_INSTALLED" ]; then
    npm_settings+='prefer-offline=true\n'
    say "the image's npm reads the packages from that cache, which this machine's npm ci filled"
  fi
fi
printf '%b' "$npm_settings" >"$work/npmrc"
# The build and the runs write buildah's layers and containers into a
# memory file system of the check's own, which reads the base image from
# the machine's storage (an additional image store) and is dropped at the
# end: neither the image nor the Dockerfile changes. On the machine's ext4
# storage, buildah took 30-75 s after the image was tagged only to delete
# the build stage's container file by file (its 31,000 files of
# node_modules, while other work kept the disk busy); on tmpfs that takes
# 2 s, and the file writes cost less system time (the numbers are in the
# header). Nothing is left in the machine's storage either, which other
# builds on the machine share. The build holds 0.6 GB there at most;
# where no tmpfs can be mounted, the machine's storage serves.
store="$work/storage"
mkdir "$store"
if mount -t tmpfs -o size=4g,mode=0700 svc-container-check "$store"; then
  built_store=(--root "$store/root" --runroot "$store/run" --storage-driver overlay
    --storage-opt "overlay.imagestore=$(buildah info --format '{{.store.GraphRoot}}')")
  say "the image is built and run in a storage of its own, on tmpfs"
else
  store=""
fi
say "buildah bud --isolation chroot --build-arg BASE_IMAGE=$BASE"
if ! logged "$work/build.log" built bud --isolation chroot --network host --format docker --pull=never --jobs 2 \
  --volume "$work/npmrc:/root/.npmrc:ro" --build-arg "BASE_IMAGE=$BASE" "${addon_args[@]}" -t "$IMAGE" -f Dockerfile .; then
  tail -40 "$work/build.log" >&2
  fail "the image did not build"
fi

# What the image says about itself.
inspect="$work/image.json"
built inspect --type image "$IMAGE" >"$inspect"
node - "$inspect" <<'JS' || fail "the image's configuration"
const image = JSON.parse(require('node:fs').readFileSync(process.argv[2], 'utf8'))
const config = image.Docker.config
const problems = []
if (config.User !== '10001:10001') problems.push(`USER is ${config.User}, not the non-root 10001:10001`)
if (!config.Volumes || !('/data' in config.Volumes)) problems.push('no VOLUME /data')
if (!config.ExposedPorts || !('8787/tcp' in config.ExposedPorts)) problems.push('no EXPOSE 8787')
if (!config.Healthcheck?.Test?.join(' ').includes('/readyz')) problems.push('no HEALTHCHECK on /readyz')
if (!config.Env.includes('SVC_DB=/data/svc.db')) problems.push('SVC_DB does not point into /data')
if (problems.length > 0) { console.error(problems.join('\n')); process.exit(1) }
JS
say "built $IMAGE, $(built images --format '{{.Size}}' "$IMAGE" | head -1)"

# Its node_modules: the lockfile's production packages, no other (the
# Dockerfile prunes a full install to get them), read from the host.
container="$(built from --pull=never "$IMAGE")"
packages="$(node scripts/container/runtime-packages.mjs "$(built mount "$container")/app" npm-shrinkwrap.json 2>&1)" \
  || fail "the image's node_modules: $packages"
built umount "$container" >/dev/null
say "$packages"

# 4. The server inside it. Host networking: the chroot has no network of its own.
port="$(free_port)"
base="http://127.0.0.1:$port"
say "starting serve --demo in the image on port $port"
built run --isolation chroot --network host --env "PORT=$port" "$container" -- \
  node dist/server/cli.js serve --demo --json >"$work/serve.out" 2>"$work/serve.err" &
server_pid=$!

ready=""
for _ in $(seq 1 120); do
  kill -0 "$server_pid" 2>/dev/null || { cat "$work/serve.err" >&2; fail "serve exited before it was ready"; }
  ready="$(curl -s "$base/readyz" || true)"
  case "$ready" in *'"status":"ready"'*) break ;; esac
  sleep 0.5
done
case "$ready" in *'"status":"ready"'*) say "/readyz: $ready" ;; *) cat "$work/serve.err" >&2; fail "/readyz never answered ready (last: $ready)" ;; esac

# `serve --json` prints its one object once the demo is seeded.
for _ in $(seq 1 20); do [ -s "$work/serve.out" ] && break; sleep 0.5; done
api_key="$(node -e 'console.log(JSON.parse(require("node:fs").readFileSync(process.argv[1], "utf8")).demo_api_key ?? "")' "$work/serve.out")"
[ -n "$api_key" ] || fail "serve --json printed no demo_api_key: $(cat "$work/serve.out")"

status="$(curl -s -o "$work/ads.json" -w '%{http_code}' -H "Authorization: Bearer $api_key" "$base/ads/home-slider-ads?limit=3")"
[ "$status" = 200 ] || fail "the ads API answered $status: $(cat "$work/ads.json")"
node -e '
  const body = JSON.parse(require("node:fs").readFileSync(process.argv[1], "utf8"))
  const ads = body.data ?? body.ads
  if (!Array.isArray(ads) || ads.length !== 3 || !ads.every((ad) => typeof ad.title === "string"))
    throw new Error("expected three ads with titles, got " + JSON.stringify(body).slice(0, 300))
' "$work/ads.json" || fail "the ads API's answer"
status="$(curl -s -o /dev/null -w '%{http_code}' "$base/ads/home-slider-ads?limit=3")"
[ "$status" = 401 ] || fail "the ads API without a key answered $status, not 401"
say "ads API: three ads with the demo key, 401 without one"

status="$(curl -s -o "$work/sdk.js" -w '%{http_code} %{content_type}' "$base/sdk.js")"
case "$status" in "200 "*javascript*) ;; *) fail "/sdk.js answered $status" ;; esac
grep -q 'svc-signin' "$work/sdk.js" || fail "/sdk.js does not define <svc-signin>"
say "/sdk.js: $(wc -c <"$work/sdk.js") bytes of JavaScript"

# The HEALTHCHECK's own command, run in the container beside the server.
mapfile -d '' healthcheck < <(node -e '
  const test = JSON.parse(require("node:fs").readFileSync(process.argv[1], "utf8")).Docker.config.Healthcheck.Test
  process.stdout.write(test.slice(1).join("\0") + "\0")
' "$inspect")
built run --isolation chroot --network host --env "PORT=$port" "$container" -- "${healthcheck[@]}" \
  || fail "the image's HEALTHCHECK failed while /readyz was ready"
say "HEALTHCHECK passes"

owner="$(built run --isolation chroot "$container" -- stat -c '%u:%g %a' /data/svc.db)"
[ "$owner" = "10001:10001 600" ] || fail "/data/svc.db is $owner, not the svc user's 0600 file"
say "the database is /data/svc.db, 0600, owned by the svc user (10001)"

# SIGTERM, as `docker stop` sends it to PID 1: the signal goes to node itself.
descendants() { local child; for child in $(pgrep -P "$1" || true); do echo "$child"; descendants "$child"; done; }
node_pid=""
for pid in $(descendants "$server_pid"); do
  [ "$(cat "/proc/$pid/comm" 2>/dev/null)" = node ] && node_pid="$pid"
done
[ -n "$node_pid" ] || fail "no node process under buildah run"
kill -TERM "$node_pid"
exit_status=0
wait "$server_pid" || exit_status=$?
server_pid=""
[ "$exit_status" = 0 ] || { tail -5 "$work/serve.err" >&2; fail "serve exited $exit_status on SIGTERM"; }
grep -q '"event":"svc.stopped","reason":"SIGTERM"' "$work/serve.err" || { tail -5 "$work/serve.err" >&2; fail "no svc.stopped line after SIGTERM"; }
say "SIGTERM: drained and exited 0"

# The command line, as `docker exec svc svc-bff …` runs it: on the PATH, on the volume's database.
built run --isolation chroot "$container" -- svc-bff org list --json >"$work/orgs.json" 2>"$work/orgs.err" \
  || fail "svc-bff org list in the image: $(cat "$work/orgs.err")"
node -e '
  const { organisations } = JSON.parse(require("node:fs").readFileSync(process.argv[1], "utf8"))
  if (!organisations?.some((org) => /demo/i.test(org.name))) throw new Error("no demo organisation in " + JSON.stringify(organisations))
' "$work/orgs.json" || fail "svc-bff org list did not list the demo's organisation"
say "svc-bff on the PATH reads /data/svc.db"

# 5. An operator's first start: a fresh container of the same image (a new
# /data), without --demo. The setup link it prints makes the first
# operator, who then signs in to the console through svc's sign-in page
# (scripts/container/operator-sign-in.mjs, over HTTP as a browser goes).
built rm "$container" >/dev/null
container="$(built from --pull=never "$IMAGE")"
say "starting serve without --demo in a fresh container on port $port"
built run --isolation chroot --network host --env "PORT=$port" "$container" -- \
  node dist/server/cli.js serve >"$work/first.out" 2>"$work/first.err" &
server_pid=$!
link=""
for _ in $(seq 1 120); do
  kill -0 "$server_pid" 2>/dev/null || { cat "$work/first.err" >&2; fail "serve exited before it printed a setup link"; }
  link="$(grep -o 'http://[^ "]*/setup?token=[A-Za-z0-9_-]*' "$work/first.err" | head -1 || true)"
  [ -n "$link" ] && break
  sleep 0.5
done
[ -n "$link" ] || { cat "$work/first.err" >&2; fail "no setup link on a fresh start"; }
signed_in="$(node scripts/container/operator-sign-in.mjs "${link%%/setup*}" "$link" 2>&1)" \
  || { tail -5 "$work/first.err" >&2; fail "the operator's first day: $signed_in"; }
say "$signed_in"
for pid in $(descendants "$server_pid"); do
  [ "$(cat "/proc/$pid/comm" 2>/dev/null)" = node ] && kill -TERM "$pid"
done
wait "$server_pid" || true
server_pid=""

say "passed"
