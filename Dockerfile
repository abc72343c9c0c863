FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
# A production image has no built-in sandboxes (they are not even in its server bundle) and needs the
# vendors' keys; a demo image is built with --build-arg SANDBOXES=true and runs them.
ARG SANDBOXES=false
ENV SANDBOXES=$SANDBOXES
COPY package.json package-lock.json ./
# Dev dependencies hold the build tools (vite, esbuild) that `npm start` uses.
RUN npm ci --include=dev --no-audit --no-fund
COPY . .
RUN node scripts/build-web.mjs --force && node scripts/build-server.mjs --force
EXPOSE 3000
CMD ["node", "scripts/start.mjs"]
