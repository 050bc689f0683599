// Fails the run loudly, before any test, when something it needs is missing.
import { accessSync, constants, existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { CHROMIUM_PATH } from './browser';
import { DIST_DIR, RESULTS_DIR, vitalogBinary } from './vitalog-server';

export default function globalSetup(): void {
  const problems: string[] = [];
  if (!existsSync(CHROMIUM_PATH)) {
    problems.push(`Chromium not found at ${CHROMIUM_PATH}: run scripts/browser-install.sh (apt-get install chromium)`);
  }
  const binary = vitalogBinary();
  try {
    accessSync(binary, constants.X_OK);
  } catch {
    problems.push(`vitalog binary not found or not executable at ${binary}: run \`cargo build -p server\` or set VITALOG_BIN`);
  }
  if (!existsSync(path.join(DIST_DIR, 'index.html'))) {
    problems.push(`${DIST_DIR}/index.html missing: run \`npm run build\` first`);
  }
  if (problems.length > 0) {
    throw new Error(`e2e cannot run:\n  - ${problems.join('\n  - ')}`);
  }
  // Start from a clean slate: old server logs and screenshots would mislead.
  if (existsSync(RESULTS_DIR)) {
    for (const entry of readdirSync(RESULTS_DIR)) {
      if (/^vitalog-server-.*\.log$/.test(entry) || entry === 'screenshots') {
        rmSync(path.join(RESULTS_DIR, entry), { recursive: true, force: true });
      }
    }
  }
}
