# svc's container image: `docker build -t svc .`, then
# `docker run -p 8787:8787 -v svc-data:/data svc` (docs/operate/container.md).
#
# Two stages on one base: `build` installs the dependencies once, keeps
# the production ones apart (better-sqlite3's native addon among them) and
# builds dist/ with the dev dependencies; the runtime keeps only the
# production dependencies and dist/. The base
# is a build argument so that a machine without a registry can build on an
# image of its own (scripts/container/check.sh builds one from Debian
# packages).
ARG BASE_IMAGE=node:20-bookworm-slim

FROM ${BASE_IMAGE} AS build
# Where better-sqlite3 fetches its prebuilt addon: GitHub's releases unless
# this names a mirror of them (prebuild-install's binary host, laid out as
# vVERSION/better-sqlite3-vVERSION-node-vABI-linux-x64.tar.gz).
ARG BETTER_SQLITE3_BINARY_HOST=
WORKDIR /app
COPY package.json npm-shrinkwrap.json .npmrc ./
# One install serves both: every package here for the build, and in
# /runtime the production ones only, hard links to the same files (no
# second copy, no second install) pruned of the dev dependencies; the
# scope folders the prune empties go too, so that /runtime holds what
# `npm ci --omit=dev` installs, file for file. Install scripts are
# skipped; better-sqlite3's, which fetches the runtime's addon, runs below.
# The others need not: esbuild's checks its binary and swaps its command's
# JavaScript shim for it (the build calls esbuild's API, which finds the
# binary without it; 2.5 s of CPU), @scarf/scarf's reports the install.
RUN --mount=type=cache,target=/root/.npm \
    npm ci --ignore-scripts --loglevel=warn \
    && mkdir /runtime && cp package.json npm-shrinkwrap.json .npmrc /runtime/ \
    && cp -al node_modules /runtime/ && cd /runtime && npm prune --omit=dev --loglevel=warn \
    && find node_modules -mindepth 1 -maxdepth 1 -type d -empty -delete
# better-sqlite3 fetches a prebuilt addon; where it cannot (no prebuilt for
# the platform, or no route to its host) it compiles one, which needs
# Python, make and a C++ compiler: installed only then, in this stage.
# The first attempt's errors are dropped; a second failure shows its own.
RUN --mount=type=cache,target=/root/.npm \
    cd /runtime && export npm_config_better_sqlite3_binary_host="$BETTER_SQLITE3_BINARY_HOST" \
    && npm rebuild better-sqlite3 --loglevel=warn 2>/dev/null \
    || { echo "No prebuilt better-sqlite3 addon could be fetched: compiling it." \
         && apt-get update -qq \
         && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends python3 make g++ >/dev/null \
         && npm rebuild better-sqlite3 --loglevel=warn; }
COPY . .
RUN npm run build

FROM ${BASE_IMAGE}
# A fixed numeric user, so that a volume's owner and Kubernetes'
# runAsNonRoot can be checked without reading /etc/passwd.
RUN groupadd --gid 10001 svc \
    && useradd --uid 10001 --gid svc --home-dir /data --no-create-home --shell /usr/sbin/nologin svc \
    && mkdir /data && chown svc:svc /data && chmod 700 /data
WORKDIR /app
COPY --from=build /runtime/node_modules ./node_modules
COPY --from=build /app/dist/server ./dist/server
COPY --from=build /app/dist/widget ./dist/widget
COPY package.json ./
# svc keeps its data under ./data/ when no setting says otherwise (mail on
# PostgreSQL, for one): here that is the volume too. `svc-bff` on the PATH
# lets `docker compose exec svc svc-bff org create …` run the command line.
RUN ln -s /data /app/data && ln -s /app/dist/server/cli.js /usr/local/bin/svc-bff
# Listen on every interface of the container; SQLite in the volume.
ENV HOST=0.0.0.0 \
    PORT=8787 \
    SVC_DB=/data/svc.db
USER 10001:10001
VOLUME /data
EXPOSE 8787
# /readyz is 503 until migrations are applied and from the moment SIGTERM
# starts draining, so an orchestrator stops routing before the process ends.
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
    CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/readyz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node is PID 1 and serve handles SIGTERM itself: /readyz turns 503, requests
# and webhook attempts in flight finish, ad counts are written, then it exits 0.
STOPSIGNAL SIGTERM
ENTRYPOINT ["node", "dist/server/cli.js"]
CMD ["serve"]
