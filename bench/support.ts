/** What the benchmark scripts share: builds, servers of a build, the wait for them (medians: statistics.ts). */
import { spawnSync } from 'node:child_process';
import { startNextServer, type NextServer, type StartOptions } from '@/tests/support/next-server';
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

/** Ready when the home page answers (the bare floor page has no API to ask). */
const homePageAnswers = async (url: string) => (await fetch(`${url}/`)).ok;

/**
 * `next start` of a build through the one harness of the tests (tests/support/next-server.ts), ready when
 * its home page answers: `dir` for the floor page's folder, `cwd` for another commit's checkout.
 */
export function startBuild(port: number, env: Record<string, string>, place: Pick<StartOptions, 'dir' | 'cwd'> = {}): Promise<NextServer> {
  return startNextServer(port, { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...env }, { ...place, ready: homePageAnswers, timeoutMs: 180_000 });
}

export async function stopAll(servers: NextServer[]): Promise<void> {
  await Promise.all(servers.map((server) => server.kill('SIGTERM')));
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
