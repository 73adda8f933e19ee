# SiteOps in a container: the server compiled (apps/server/dist) and the console built (apps/web/dist), run
# by plain node as an unprivileged user. Configuration is the environment (README, Configuration); data
# lives in the /data volume. With PostgreSQL, Redis and an MQTT broker: compose.yaml.
#   docker build -t siteops . && docker run -p 8080:8080 -v siteops-data:/data siteops
# Not built where this repository is developed (no Docker daemon there): apps/server/test/deploy.test.ts
# checks that its start command, environment and health check match the README and the server.

FROM node:24-bookworm-slim AS build
WORKDIR /app
# The manifests first, so the dependency layer is reused while only sources change.
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/contracts/package.json packages/contracts/
COPY packages/device-sim/package.json packages/device-sim/
COPY packages/test-support/package.json packages/test-support/
COPY patches patches
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:24-bookworm-slim
ENV PORT=8080 \
    HOST=0.0.0.0 \
    DATA_DIR=/data \
    DEMO=0
WORKDIR /app
# Sources stay beside the build: `npm run admin`, `backup` and `restore` run from them (tsx).
COPY --from=build /app /app
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
# HTTP (console, API, WebSocket devices), the embedded MQTT broker, HJ 212 monitors.
EXPOSE 8080 1884 9212
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
STOPSIGNAL SIGTERM
# The same node flags as `npm start` (package.json; README, Memory).
CMD ["node", "--optimize-for-size", "--max-semi-space-size=2", "--liftoff-only", "apps/server/dist/main.js"]
