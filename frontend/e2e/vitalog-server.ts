// Starts the real `vitalog` binary on a free loopback port with a fresh data directory.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const FRONTEND_DIR = path.resolve(import.meta.dirname, '..');
export const REPO_DIR = path.resolve(FRONTEND_DIR, '..');
export const DIST_DIR = path.join(FRONTEND_DIR, 'dist');
export const RESULTS_DIR = path.join(FRONTEND_DIR, 'test-results');

/** Where browser tests leave screenshots for a person to look at (test-results/screenshots). */
export function shotPath(name: string): string {
  const dir = path.join(RESULTS_DIR, 'screenshots');
  mkdirSync(dir, { recursive: true });
  return path.join(dir, name);
}

/**
 * A screenshot a person reviews: in VITALOG_SHOTS_DIR as `{name}.png` when it is set,
 * otherwise test-results/screenshots/`{prefix}-{name}.png`.
 */
export function reviewShotPath(prefix: string, name: string): string {
  const dir = process.env.VITALOG_SHOTS_DIR;
  if (!dir) return shotPath(`${prefix}-${name}.png`);
  mkdirSync(dir, { recursive: true });
  return path.join(dir, `${name}.png`);
}

export function vitalogBinary(): string {
  return path.resolve(FRONTEND_DIR, process.env.VITALOG_BIN ?? '../target/debug/vitalog');
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  baseURL: string;
  logFile: string;
  stop: () => Promise<void>;
}

async function waitUntilReady(baseURL: string, child: ChildProcess, logFile: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError = 'no answer yet';
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `vitalog exited (code ${child.exitCode ?? child.signalCode}) before it was ready; see ${logFile}`,
      );
    }
    try {
      const res = await fetch(`${baseURL}/health/ready`);
      if (res.ok) {
        const index = await fetch(`${baseURL}/auth`);
        const html = await index.text();
        if (!index.ok || (!html.includes('id="root"') && !html.includes('id=root'))) {
          throw new Error(`GET /auth did not return the client's index.html (status ${index.status})`);
        }
        return;
      }
      lastError = `/health/ready answered ${res.status}`;
    } catch (error) {
      if (error instanceof Error && error.message.startsWith('GET /auth')) throw error;
      lastError = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`vitalog did not become ready within ${timeoutMs} ms (${lastError}); see ${logFile}`);
}

/** The name the server is opened by and links are built with (passkeys need `localhost`). */
export type PublicHost = '127.0.0.1' | 'localhost';

/** The storage a server runs on: SQLite (the default), or a fresh PostgreSQL database. */
export type Database = 'sqlite' | 'postgres';

/** The PostgreSQL server the Rust storage tests use too (`scripts/ensure-postgres.sh` starts it). */
const POSTGRES_URL = process.env.VITALOG_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

function psql(sql: string): void {
  const admin = new URL(POSTGRES_URL);
  admin.pathname = '/postgres';
  execFileSync('psql', [admin.toString(), '-qAtc', sql], { stdio: ['ignore', 'ignore', 'pipe'] });
}

/** A new, empty PostgreSQL database for one server, and how to drop it. */
function freshPostgres(name: string): { url: string; drop: () => void } {
  const db = `vitalog_e2e_${name.replace(/\W/g, '')}_${process.pid}_${Date.now().toString(36)}`;
  psql(`create database "${db}"`);
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${db}`;
  return { url: url.toString(), drop: () => psql(`drop database if exists "${db}" with (force)`) };
}

export async function startVitalog(
  smtpPort: number,
  name: string,
  publicHost: PublicHost = '127.0.0.1',
  database: Database = 'sqlite',
): Promise<RunningServer> {
  const binary = vitalogBinary();
  if (!existsSync(binary)) {
    throw new Error(`vitalog binary not found at ${binary}: build it with \`cargo build -p server\` or set VITALOG_BIN`);
  }
  const port = await freePort();
  const baseURL = `http://${publicHost}:${port}`;
  // Readiness is asked of the address itself: Node may try `localhost` on ::1 first.
  const readyURL = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vitalog-e2e-'));
  const postgres = database === 'postgres' ? freshPostgres(name) : null;
  mkdirSync(RESULTS_DIR, { recursive: true });
  const logFile = path.join(RESULTS_DIR, `vitalog-server-${name}.log`);
  const log = createWriteStream(logFile);

  const child = spawn(binary, ['serve'], {
    cwd: REPO_DIR,
    env: {
      ...process.env,
      VITALOG_BIND: `127.0.0.1:${port}`,
      VITALOG_PUBLIC_URL: baseURL,
      // config/test.toml: emails leave the outbox within 100 ms (development's 500 ms poll
      // was waited for by every test that follows an emailed link).
      VITALOG_ENV: 'test',
      VITALOG_DATA_DIR: dataDir,
      VITALOG_STATIC_DIR: DIST_DIR,
      VITALOG_SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      VITALOG_RATE_LIMIT_MULTIPLIER: process.env.VITALOG_RATE_LIMIT_MULTIPLIER ?? '100',
      ...(postgres ? { VITALOG_DATABASE_URL: postgres.url } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log, { end: false });
  child.stderr?.pipe(log, { end: false });
  const spawned = new Promise<void>((resolve, reject) => {
    child.once('spawn', () => resolve());
    child.once('error', reject);
  });
  await spawned;

  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    await new Promise<void>((resolve) => log.end(() => resolve()));
    rmSync(dataDir, { recursive: true, force: true });
    postgres?.drop();
  };

  try {
    await waitUntilReady(readyURL, child, logFile, 30_000);
  } catch (error) {
    await stop();
    const tail = readFileSync(logFile, 'utf8').split('\n').slice(-25).join('\n');
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`${message}\n--- last lines of the server log ---\n${tail}`, { cause: error });
  }
  return { baseURL, logFile, stop };
}
