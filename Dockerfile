# Lodestar: the server and the built console in one image (README, Running several instances).
#   docker build -t lodestar .
#   docker run -p 3000:3000 lodestar          # one instance on the embedded database in /app/data

# 1. The console: `vite build` (a dev dependency) writes dist/.
FROM node:20-bookworm-slim AS console
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
RUN npm run build

# 2. The server: production dependencies only. `tsx`, which runs the server's TypeScript, is one of them, so
#    the server starts without the dev dependencies (not through `npm start`, which may rebuild the console).
FROM node:20-bookworm-slim
ENV NODE_ENV=production PORT=3000
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev && npm cache clean --force
COPY tsconfig.json ./
COPY server ./server
COPY resources ./resources
COPY schemas ./schemas
# The documentation the knowledge assistant answers from (DOCS_DIR).
COPY docs/site ./docs/site
COPY --from=console /app/dist ./dist
# The embedded database and local uploads (one instance only; several use DATABASE_URL and S3_BUCKET).
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "--import", "tsx", "server/main.ts"]
