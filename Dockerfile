# syntax=docker/dockerfile:1
# The portal as a council runs it (docs/deploy.md): the web app built once here, production
# dependencies only, as an unprivileged user, with an init process so that a stop signal reaches
# node and the server finishes what it has in flight. `scripts/check-image.sh` does what this
# file does, without Docker, and runs in CI.
ARG NODE_VERSION=26

# Every workspace's package.json, so that `npm ci` installs from the lock file alone and a source
# change does not undo the cached install.
FROM node:${NODE_VERSION}-trixie-slim AS manifests
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/domain/package.json packages/domain/
COPY packages/gateway-protocol/package.json packages/gateway-protocol/
COPY apps/server/package.json apps/server/
COPY apps/gateway-sandbox/package.json apps/gateway-sandbox/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/

FROM manifests AS build
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM manifests AS runtime
RUN apt-get update \
  && apt-get install -y --no-install-recommends tini \
  && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    PORT=8080
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY packages packages
COPY apps/server apps/server
COPY --from=build /app/apps/web/dist apps/web/dist
# The embedded database's folder, for an operator who chooses it (EMBEDDED_DATABASE=true).
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "--import", "tsx", "apps/server/src/main.ts"]
