/** What the benchmark scripts share: builds, servers of a build, the wait for them (medians: statistics.ts). */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';

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

/**
 * Every benchmark writes what it printed to `bench/results/<name>.md` (one file per benchmark, replaced by
 * each run) headed by the date, the machine and the commit, so `docs/benchmarks.md` points at figures a
 * script wrote and nobody copies numbers by hand.
 */
export function recordResults(name: string, lines: string[]): string {
  const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).stdout.trim() || 'unknown';
  const dirty = spawnSync('git', ['status', '--porcelain', '--untracked-files=no'], { encoding: 'utf8' }).stdout.trim() ? ' (with uncommitted changes)' : '';
  const cpus = os.cpus();
  const header = [
    `# \`npm run bench:${name}\``,
    '',
    `- run: ${new Date().toISOString().replace(/\.\d+Z$/, 'Z')}`,
    `- machine: ${cpus.length} cores (${cpus[0]?.model.trim() ?? 'unknown CPU'}), ${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}, load ${os.loadavg()[0]!.toFixed(1)} at the end`,
    `- commit: ${commit}${dirty}`,
    '',
    '```',
  ];
  fs.mkdirSync('bench/results', { recursive: true });
  const file = `bench/results/${name}.md`;
  fs.writeFileSync(file, [...header, ...lines, '```', ''].join('\n'));
  return file;
}

/**
 * What a benchmark prints, kept for its results file: `print` writes to the terminal and keeps the
 * line; `record` writes everything printed with `recordResults` once the run is over.
 */
export function benchReport(name: string): { print(line?: string): void; record(): string } {
  const lines: string[] = [];
  return {
    print(line = '') {
      console.log(line);
      lines.push(...line.replace(/\n$/, '').split('\n'));
    },
    record: () => recordResults(name, lines),
  };
}
