# syntax=docker/dockerfile:1
# One image for every backend service; SERVICE picks the one that runs:
#   docker build --build-arg SERVICE=wallet -t wps-wallet .
#   docker run -e SERVICE=wallet ...        (the env var wins over the build arg)
# docker-compose.yml builds it once per service with the matching SERVICE.

# ---- manifests: only package.json / package-lock.json files, so the install below is cached until
# ---- a dependency changes (new workspaces are picked up without editing this file)
FROM node:20-slim AS manifests
WORKDIR /app
COPY . .
RUN find . -type f ! -name package.json ! -name package-lock.json -delete \
 && find . -depth -type d -empty -delete

# ---- the image
FROM node:20-slim
ARG NPM_VERSION=11
WORKDIR /app
ENV NODE_ENV=development \
    npm_config_fund=false \
    npm_config_audit=false \
    npm_config_update_notifier=false
# the project is built and locked with npm 11 (install-script approvals live in package.json)
RUN npm install -g "npm@${NPM_VERSION}" && npm --version
# a font for the text of the demo brand's banner artwork (rendered from SVG by the notices service)
RUN apt-get update && apt-get install -y --no-install-recommends fonts-dejavu-core && rm -rf /var/lib/apt/lists/*

COPY --from=manifests /app/ ./
# dev dependencies are kept: services run their TypeScript through tsx. `npm install` installs the locked versions;
# `npm ci` refuses lock files that list only the build machine's optional binaries (rollup, esbuild).
RUN npm install

COPY . .
# the gateway serves the built web client; building it here keeps one image for all services
RUN npm run build:web

ARG SERVICE=gateway
ENV NODE_ENV=production \
    SERVICE=${SERVICE} \
    PORT=8080 \
    LOG_LEVEL=info

USER node
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=6 \
  CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["sh", "-c", "exec node --import tsx services/$SERVICE/src/main.ts"]
