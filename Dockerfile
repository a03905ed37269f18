# The shop's image: built in one stage with the build tools, run in another with the runtime packages only.
# Node 24 LTS is the production runtime (Node 20 reached its end of life in April 2026); `npm test` runs the unit
# and API tests on Node 24 too (npm run test:node24). The tag follows the 24 LTS line, so a rebuild takes its
# security releases.
# Build: docker build -t turnery .     Run: see compose.yaml and docs/deployment.md.

FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# The browser's app (dist/client), the page renderer (dist/ssr) and the server bundle (dist/server).
RUN npm run build

FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production PORT=3000 DATA_DIR=/app/.data
WORKDIR /app
COPY package.json package-lock.json ./
# No Vite, esbuild or tsx in the image; npm start would refuse a stale dist, so the server is run directly.
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force \
  && mkdir -p /app/.data && chown node:node /app/.data
COPY --from=build /app/dist ./dist
USER node
EXPOSE 3000
# Liveness of the process only (no database check): readiness is /api/health/ready.
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/api/health/live').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--enable-source-maps", "dist/server/index.mjs"]
