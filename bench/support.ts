/** What the benchmark scripts share: builds, servers of a build, the wait for them (medians: statistics.ts). */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';

/** `command` is `next build` for the floor and the site's own `npm run build` (which rewrites the built pages). */
export function build(command: string[], env: Record<string, string>): void {
  const [program, ...args] = command;
  // `next build` into another folder adds that folder's type paths to tsconfig.json: a benchmark leaves
  // the checkout as it found it.
  const tsconfig = fs.readFileSync('tsconfig.json', 'utf8');
  try {
    const result = spawnSync(program!, args, { env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...env }, stdio: 'inherit' });
    if (result.status !== 0) throw new Error(`${command.join(' ')} failed`);
  } finally {
    fs.writeFileSync('tsconfig.json', tsconfig);
  }
}

/** `next start` of a build in its own process group (stopped with `stopAll`). */
export function start(args: string[], port: number, env: Record<string, string>): ChildProcess {
  return spawn('npx', ['next', 'start', ...args, '-p', String(port), '-H', '127.0.0.1'], {
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...env },
    stdio: 'ignore',
    detached: true,
  });
}

export function stopAll(children: ChildProcess[]): void {
  for (const child of children) {
    // A server that never started (no build) has exited already: its own error is the one to report.
    if (child.pid && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
  }
}

export async function ready(url: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (await fetch(url).then((response) => response.ok, () => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`${url} did not start`);
}

export const seconds = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;
