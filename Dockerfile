# Container image of the portal (docs/operations.md, Containers). Untested here: the build machine
# has no container engine. The supported install is the systemd one in docs/operations.md.
#
#   docker build -t eav-portal .
#   docker compose -f deploy/compose.yaml up -d

# --- build: install everything, build the web app and the server bundle -----------------------
FROM node:20-bookworm AS build
WORKDIR /app
ENV npm_config_fund=false npm_config_audit=false npm_config_update_notifier=false
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY patches/ patches/
RUN npm ci
COPY . .
RUN npm run build \
 && npm prune --omit=dev

# --- run: the bundle, its production dependencies, migrations and the built web app -----------
FROM node:20-bookworm-slim
# No system fonts: the generated covers' CJK font ships with the server (docs/textbooks.md, Covers).
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080 DATA_DIR=/var/lib/eav-portal TRUST_PROXY=true
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/packages/contract ./packages/contract
# The whole server package: the bundle, migrations (drizzle/) and data files it reads from src/.
COPY --from=build /app/apps/server ./apps/server
COPY --from=build /app/apps/web/dist ./apps/web/dist
COPY --from=build /app/data ./data
RUN mkdir -p /var/lib/eav-portal && chown node:node /var/lib/eav-portal
USER node
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=3s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# SIGTERM from `docker stop` finishes in-flight requests (main.ts); give it the 10 s it may take.
STOPSIGNAL SIGTERM
CMD ["node", "apps/server/dist/main.js"]
