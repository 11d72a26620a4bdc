# Iconvault as an image: build the client, then run the server (Node 24 runs its .ts directly)
# with production dependencies only, as the unprivileged `node` user. See README, "Run in production".

FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# Scripts are skipped (`prepare` would build before the sources are copied); the build runs below.
RUN npm install --no-audit --no-fund --ignore-scripts
COPY . .
RUN npm run build

FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install --omit=dev --no-audit --no-fund --ignore-scripts

FROM node:24-bookworm-slim
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data \
    LOG_FORMAT=json
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/dist/client ./dist/client
COPY package.json ./
COPY server ./server
COPY common ./common
COPY drizzle ./drizzle
COPY scripts/db-migrate.ts scripts/backup.ts scripts/restore.ts ./scripts/
# DATA_DIR: the embedded database (PGlite) when DATABASE_URL is not set, and the dev mailbox.
RUN mkdir -p /data && chown node:node /data
VOLUME /data
USER node
EXPOSE 3000
# Ready (not draining, database answering): what a load balancer and the orchestrator both ask.
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM drains: readiness turns false, requests finish, event streams close with a retry hint.
STOPSIGNAL SIGTERM
CMD ["node", "server/index.ts"]
