# Production image: one process serving the whole origin. Build: docker build -t permitdesk .
FROM node:24-bookworm-slim AS build
WORKDIR /srv
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json* ./
COPY shared/package.json shared/
COPY api/package.json api/
COPY wizard/package.json wizard/
COPY cms/package.json cms/
COPY site/package.json site/
COPY tests/package.json tests/
RUN npm install --no-audit --no-fund
COPY . .
# The wizard and the CMS build once here, stamped (api/src/server/build-ahead.ts): with NODE_ENV=production
# the server refuses to start without them. The site is built from the database's content at start.
RUN node --import tsx api/src/server/build-ahead.ts && node api/start.mjs --bundle-only

FROM node:24-bookworm-slim
WORKDIR /srv
RUN apt-get update && apt-get install -y --no-install-recommends chromium fonts-liberation && rm -rf /var/lib/apt/lists/*
COPY --from=build /srv /srv
ENV NODE_ENV=production PORT=3000 DATA_DIR=/data CHROMIUM_PATH=/usr/bin/chromium
VOLUME /data
EXPOSE 3000
# Not root: Chromium then prints PDFs inside its own sandbox wherever the host allows unprivileged
# user namespaces, and falls back to --no-sandbox with a warning where it does not (docs/security.md).
USER node
# --max-semi-space-size=4: a 4 MB young generation halves the idle RSS (docs/decisions/015-random-draws.md)
CMD ["node", "--max-semi-space-size=4", "api/start.mjs"]
