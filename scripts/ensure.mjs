#!/usr/bin/env node
// Makes a fresh clone runnable: installs dependencies when they are missing or out of date,
// and (with --build) builds the site when the build is missing or older than its sources.
// Plain Node with no dependencies, so it works before `npm ci` has run.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const run = (cmd) => execSync(cmd, { cwd: root, stdio: 'inherit' });
const mtime = (p) => (fs.existsSync(p) ? fs.statSync(p).mtimeMs : 0);

const lock = path.join(root, 'package-lock.json');
const marker = path.join(root, 'node_modules', '.package-lock.json');
if (!fs.existsSync(marker) || mtime(lock) > mtime(marker)) {
  // `npm install`, not `npm ci`: the npm 11 here writes lock files without other platforms'
  // optional packages, which `npm ci` then refuses as "out of sync". The lock still pins versions.
  console.log('Installing dependencies (npm install)…');
  run('npm install --no-audit --no-fund');
}

function newestSource(dir) {
  let newest = 0;
  if (!fs.existsSync(dir)) return 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'generated' || entry.name.startsWith('.')) continue;
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(p) : mtime(p));
  }
  return newest;
}

if (process.argv.includes('--build')) {
  const stamp = path.join(root, 'build', 'client', 'index.html');
  const sources = Math.max(
    newestSource(path.join(root, 'web')),
    newestSource(path.join(root, 'content')),
    mtime(path.join(root, 'package-lock.json')),
  );
  if (mtime(stamp) < sources) {
    console.log('Building the site…');
    run('npm run build');
  }
}
