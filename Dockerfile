FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY package.json package-lock.json ./
# Dev dependencies hold the build tools (vite, esbuild) that `npm start` uses.
RUN npm ci --include=dev --no-audit --no-fund
COPY . .
RUN node scripts/build-web.mjs --force && node scripts/build-server.mjs --force
EXPOSE 3000
CMD ["node", "scripts/start.mjs"]
