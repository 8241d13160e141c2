#!/usr/bin/env node
// The first step of `npm test` and of the test scripts that need a browser: plain Node with no
// dependencies, so it runs in a second on a fresh clone, before install and build. It finds
// Chromium (or installs it where that is safe and possible), then says in one line what the run
// will test. Why no browser from npm: docs/decisions/0050-tests-set-up-and-leave-nothing.md.
//
//   node test-support/preflight.mjs            browser and databases (npm test, test:e2e)
//   node test-support/preflight.mjs --no-browser   databases only (test:server)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';

const DEFAULT_CHROMIUM = process.env.CHEF_PREFLIGHT_DEFAULT_CHROMIUM || '/usr/bin/chromium';
// Tests of this script act as a user without root on a machine where they are root.
const isRoot = process.getuid?.() === 0 && !process.env.CHEF_PREFLIGHT_NOT_ROOT;

function stop(message) {
  console.error(`\n${message}\n`);
  process.exit(1);
}

const executable = (file) => {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
};

function debianLike() {
  try {
    const release = fs.readFileSync('/etc/os-release', 'utf8');
    return /^(ID|ID_LIKE)=.*\b(debian|ubuntu)\b/m.test(release);
  } catch {
    return false;
  }
}

function checkNode() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < 20 || (major === 20 && minor < 19)) {
    stop(`Node ${process.versions.node} is too old: the project needs Node 20.19 or newer.`);
  }
}

function findChromium() {
  const named = process.env.CHROMIUM_PATH;
  if (named) {
    if (!executable(named))
      stop(
        `CHROMIUM_PATH is ${named}, which is not an executable file. Point it at Chromium or Chrome, or unset it to use ${DEFAULT_CHROMIUM}.`,
      );
    return named;
  }
  if (executable(DEFAULT_CHROMIUM)) return DEFAULT_CHROMIUM;
  const command = 'apt-get update && apt-get install -y chromium';
  if (isRoot && debianLike()) {
    console.log(`Chromium is missing: installing it (${command})…`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    try {
      execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
      execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: ['ignore', 'ignore', 'inherit'], env });
    } catch {
      stop(
        `Installing Chromium failed (see above). Run \`${command}\` yourself, or set CHROMIUM_PATH to a Chromium or Chrome.`,
      );
    }
    if (executable(DEFAULT_CHROMIUM)) return DEFAULT_CHROMIUM;
    stop(
      `apt-get installed chromium, but ${DEFAULT_CHROMIUM} is still missing. Set CHROMIUM_PATH to the installed browser.`,
    );
  }
  const how = debianLike()
    ? `with \`sudo apt-get update && sudo apt-get install -y chromium\``
    : "with your system's package manager";
  stop(
    `The end-to-end tests need Chromium at ${DEFAULT_CHROMIUM}, and it is missing. Install it ${how}, or set CHROMIUM_PATH to a Chromium or Chrome.`,
  );
}

function version(browser) {
  try {
    const out = execFileSync(browser, ['--version'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      // A first start after a cold boot reads Chromium from the disk: seen taking over 5 s here.
      timeout: 30_000,
    });
    return /[\d.]{5,}/.exec(out)?.[0] ?? out.trim();
  } catch {
    stop(
      `${browser} does not run (\`${browser} --version\` failed). Reinstall it, or set CHROMIUM_PATH to another Chromium or Chrome.`,
    );
  }
}

/** Whether something accepts connections at the URL's host and port (a typo or a stopped server fails here, not in 40 files). */
function reachable(url) {
  return new Promise((resolve) => {
    const socket = net.connect({ host: url.hostname || '127.0.0.1', port: Number(url.port || 5432), timeout: 3000 });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });
}

async function databases() {
  const raw = process.env.TEST_DATABASE_URL;
  if (!raw) return 'PGlite (set TEST_DATABASE_URL to add PostgreSQL)';
  let url;
  try {
    url = new URL(raw);
  } catch {
    stop('TEST_DATABASE_URL is not a URL: it should look like postgres://user:password@127.0.0.1:5432/postgres.');
  }
  const where = `${url.hostname}:${url.port || 5432}`;
  if (!(await reachable(url)))
    stop(
      `TEST_DATABASE_URL names PostgreSQL at ${where}, and nothing answers there. Start it, or unset TEST_DATABASE_URL to test on PGlite alone.`,
    );
  return `PGlite and PostgreSQL at ${where}`;
}

checkNode();
const parts = [];
if (!process.argv.includes('--no-browser')) {
  const browser = findChromium();
  parts.push(`browser Chromium ${version(browser)} (${browser})`);
}
parts.push(`server tests on ${await databases()}`);
console.log(`Testing: ${parts.join('; ')}.`);
