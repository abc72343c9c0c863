#!/usr/bin/env node
// Migrations are append-only. migrations/checksums.txt records each one's sha256:
//   node scripts/check-migrations.mjs          fails when a recorded migration changed or vanished,
//                                              or a new one is not recorded yet
//   node scripts/check-migrations.mjs --record records new migrations (never rewrites old entries)
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('../migrations/', import.meta.url));
const lockFile = `${dir}checksums.txt`;
const record = process.argv.includes('--record');

// The operational store's migrations, and the reporting mirror's in their own folder (named reporting/…).
const migrationsIn = (folder, prefix) =>
  existsSync(`${dir}${folder}`)
    ? readdirSync(`${dir}${folder}`)
        .filter((name) => /^\d{4}_[a-z0-9_]+\.sql$/.test(name))
        .sort()
        .map((name) => `${prefix}${name}`)
    : [];
const files = [...migrationsIn('', ''), ...migrationsIn('reporting', 'reporting/')];
const sha = (name) =>
  createHash('sha256')
    .update(readFileSync(`${dir}${name}`))
    .digest('hex');
const locked = new Map(
  (existsSync(lockFile) ? readFileSync(lockFile, 'utf8') : '')
    .split('\n')
    .filter(Boolean)
    .map((line) => line.split(/\s+/))
    .map(([hash, name]) => [name, hash]),
);

const problems = [];
for (const [name, hash] of locked) {
  if (!files.includes(name)) problems.push(`${name} was removed; migrations are append-only.`);
  else if (sha(name) !== hash) problems.push(`${name} was changed after it was recorded; add a new migration instead.`);
}
const fresh = files.filter((name) => !locked.has(name));
if (record && problems.length === 0) {
  for (const name of fresh) locked.set(name, sha(name));
  writeFileSync(lockFile, [...locked].map(([name, hash]) => `${hash}  ${name}`).join('\n') + '\n');
  console.log(fresh.length ? `Recorded ${fresh.join(', ')}` : 'Nothing new to record.');
} else {
  for (const name of fresh) problems.push(`${name} is not recorded: run npm run migrations:record.`);
}
if (problems.length > 0) {
  console.error(`Migration check failed:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  process.exit(1);
}
if (!record) console.log(`Migrations: ${files.length} recorded, none changed.`);
