/**
 * `npm test`: every check and every test, in the order that fails fastest.
 *   1. lint (ESLint; formatting and import circles) and type check, the three side by side   2. unit and integration tests (Vitest; PostgreSQL ones when TEST_DATABASE_URL is set)
 *   3. one production build (`npm run build`: standalone, with the bundled CLI tools)  4. system tests against that build (crash, two instances, nginx in front)
 *   5. end-to-end tests in Debian's Chromium against the same build
 * Ends with one line `total: N passed, N failed, N skipped` and a non-zero exit code on any failure.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { e2eEnv, e2ePort } from '../e2e/support/env';
import { chromium, chromiumHeadlessShell, ensureDebianPackages, nginx, nginxBrotliFilter, nginxBrotliStatic, promtool } from './ensure-debian-package';

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}
const stages: { name: string; seconds: number; counts?: Counts; ok: boolean; busy?: number }[] = [];

/** The processor's busy and total time so far, all cores (Linux's /proc/stat; nothing elsewhere). */
function processorTimes(): { busy: number; total: number } | undefined {
  try {
    const fields = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    const total = fields.reduce((sum, value) => sum + value, 0);
    const idle = fields[3]! + (fields[4] ?? 0);
    return { busy: total - idle, total };
  } catch {
    return undefined;
  }
}

/**
 * How busy the processor was between `since` and now, 0–1: a stage well below 1 mostly waits (on timers,
 * sockets, a throttled network) and could share the machine with another; one near 1 cannot.
 */
function busyShare(since: ReturnType<typeof processorTimes>): number | undefined {
  const now = processorTimes();
  if (!since || !now || now.total === since.total) return undefined;
  return (now.busy - since.busy) / (now.total - since.total);
}

/** The line that opens a stage's output. */
const stageHeading = (name: string, command: string, args: string[]) => `\n=== ${name}: ${command} ${args.join(' ')}`;

function run(name: string, command: string, args: string[], env: NodeJS.ProcessEnv = process.env, report?: () => Counts) {
  console.log(stageHeading(name, command, args));
  const started = Date.now();
  const processor = processorTimes();
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  const counts = report?.();
  const ok = result.status === 0;
  stages.push({ name, seconds: (Date.now() - started) / 1000, counts, ok, busy: busyShare(processor) });
  return ok;
}

/**
 * Runs single-threaded stages side by side (on two cores), each one's output printed whole when
 * it ends, so the log reads as if they had run one after the other.
 */
async function runTogether(commands: { name: string; command: string; args: string[] }[], env: NodeJS.ProcessEnv): Promise<boolean> {
  const processor = processorTimes();
  const results = await Promise.all(
    commands.map(
      ({ name, command, args }) =>
        new Promise<{ name: string; output: string; seconds: number; ok: boolean }>((resolve) => {
          const started = Date.now();
          const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
          let output = `${stageHeading(name, command, args)}\n`;
          child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
          child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
          child.on('close', (status) => resolve({ name, output, seconds: (Date.now() - started) / 1000, ok: status === 0 }));
        }),
    ),
  );
  // Side by side, the stages share one figure: how busy the processor was while they ran.
  const busy = busyShare(processor);
  for (const { name, output, seconds, ok } of results) {
    process.stdout.write(output);
    stages.push({ name, seconds, ok, busy });
  }
  return results.every((result) => result.ok);
}

function vitestCounts(file: string): () => Counts {
  return () => {
    if (!fs.existsSync(file)) return { passed: 0, failed: 1, skipped: 0 };
    const json = JSON.parse(fs.readFileSync(file, 'utf8'));
    return {
      passed: json.numPassedTests,
      failed: json.numFailedTests,
      skipped: json.numPendingTests + json.numTodoTests,
    };
  };
}

function playwrightCounts(file: string): () => Counts {
  return () => {
    if (!fs.existsSync(file)) return { passed: 0, failed: 1, skipped: 0 };
    const stats = JSON.parse(fs.readFileSync(file, 'utf8')).stats;
    return { passed: stats.expected + stats.flaky, failed: stats.unexpected, skipped: stats.skipped };
  };
}

interface PlaywrightSuite {
  file: string;
  specs?: { tests: { results: { duration: number }[] }[] }[];
  suites?: PlaywrightSuite[];
}

/**
 * The ten test files that took longest, from the stages' JSON reports: where to look first when the run
 * grows. A Vitest file's time is its own wall time; a Playwright file's the sum of its tests' (they run
 * on two workers, so a file's share of the stage is about half of it).
 */
function printSlowestFiles(): void {
  const files: { file: string; seconds: number }[] = [];
  for (const report of ['unit', 'system']) {
    const file = `test-results/${report}.json`;
    if (!fs.existsSync(file)) continue;
    for (const result of JSON.parse(fs.readFileSync(file, 'utf8')).testResults as { name: string; startTime: number; endTime: number }[]) {
      files.push({ file: path.relative(process.cwd(), result.name), seconds: (result.endTime - result.startTime) / 1000 });
    }
  }
  const e2eReport = `test-results/e2e-${e2ePort}.json`;
  if (fs.existsSync(e2eReport)) {
    const perFile = new Map<string, number>();
    const walk = (suite: PlaywrightSuite) => {
      for (const spec of suite.specs ?? []) {
        for (const test of spec.tests) for (const result of test.results) perFile.set(suite.file, (perFile.get(suite.file) ?? 0) + result.duration / 1000);
      }
      for (const child of suite.suites ?? []) walk(child);
    };
    for (const suite of JSON.parse(fs.readFileSync(e2eReport, 'utf8')).suites as PlaywrightSuite[]) walk(suite);
    for (const [file, seconds] of perFile) files.push({ file: `e2e/${file}`, seconds });
  }
  if (files.length === 0) return;
  console.log('\n=== the ten slowest test files');
  for (const { file, seconds } of files.sort((a, b) => b.seconds - a.seconds).slice(0, 10)) console.log(`${seconds.toFixed(1).padStart(7)} s  ${file}`);
}

interface PlaywrightFailureSuite {
  file: string;
  specs?: { title: string; tests: { results: { status: string; error?: { message?: string } }[] }[] }[];
  suites?: PlaywrightFailureSuite[];
}

/**
 * Every failed test by file and name, with the first lines of its error, last in the output: a CI log
 * that shows only its end still says what failed.
 */
function printFailedTests(): void {
  const failed: string[] = [];
  const firstLines = (message = '') =>
    message
      .replace(/\x1b\[[0-9;]*m/g, '')
      .split('\n')
      .filter(Boolean)
      .slice(0, 3)
      .map((line) => `      ${line.slice(0, 200)}`);
  for (const report of ['unit', 'system']) {
    const file = `test-results/${report}.json`;
    if (!fs.existsSync(file)) continue;
    for (const result of JSON.parse(fs.readFileSync(file, 'utf8')).testResults as {
      name: string;
      message?: string;
      assertionResults: { status: string; fullName: string; failureMessages: string[] }[];
    }[]) {
      const name = path.relative(process.cwd(), result.name);
      const failedTests = result.assertionResults.filter((test) => test.status === 'failed');
      for (const test of failedTests) failed.push(`  ${name} › ${test.fullName}`, ...firstLines(test.failureMessages[0]));
      if (failedTests.length === 0 && result.message) failed.push(`  ${name}`, ...firstLines(result.message));
    }
  }
  const e2eReport = `test-results/e2e-${e2ePort}.json`;
  if (fs.existsSync(e2eReport)) {
    const walk = (suite: PlaywrightFailureSuite) => {
      for (const spec of suite.specs ?? []) {
        const results = spec.tests.flatMap((test) => test.results);
        if (results.length > 0 && results.every((result) => result.status !== 'passed' && result.status !== 'skipped'))
          failed.push(`  e2e/${suite.file} › ${spec.title}`, ...firstLines(results.at(-1)?.error?.message));
      }
      for (const child of suite.suites ?? []) walk({ ...child, file: child.file ?? suite.file });
    };
    for (const suite of JSON.parse(fs.readFileSync(e2eReport, 'utf8')).suites as PlaywrightFailureSuite[]) walk(suite);
  }
  if (failed.length === 0) return;
  console.log('\n=== failed tests');
  for (const line of failed) console.log(line);
}

/**
 * The run's wall times, per stage and in all, written over docs/test-times.md (where docs/operations.md sends
 * a reader for the latest figures): commit the page with a change that moves them. Stages run side by side
 * (lint, formatting and types) show their own times; the total is the whole command's.
 */
function writeTimes(totalSeconds: number, total: Counts, busy: number | undefined): void {
  const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).stdout.trim() || 'unknown';
  const rows = stages.map((stage) => `| ${stage.name} | ${stage.seconds.toFixed(0)} s | ${busyText(stage.busy)} | ${stage.ok ? 'ok' : 'failed'} |`);
  const page = [
    '# The test command’s latest times',
    '',
    'Written by `npm test` (`scripts/test-all.ts`) at the end of every run; docs/operations.md, «The test command», says',
    'what keeps it fast. The budget: under 10 minutes on a fresh clone of two cores.',
    '',
    `Run of ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC at commit \`${commit}\`, ${os.cpus().length} cores, CI=${process.env.CI ?? 'unset'}:`,
    `**${(totalSeconds / 60).toFixed(1)} minutes** in all, ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped.`,
    '',
    'The processor column is how busy both cores were during the stage: a stage well below 100 % mostly waits.',
    '',
    '| stage | wall time | processor | result |',
    '|---|---|---|---|',
    ...rows,
    `| the whole command | ${totalSeconds.toFixed(0)} s | ${busyText(busy)} | ${total.failed === 0 ? 'ok' : 'failed'} |`,
    '',
  ].join('\n');
  fs.writeFileSync(path.join('docs', 'test-times.md'), page);
}

const busyText = (busy: number | undefined) => (busy === undefined ? '—' : `${Math.round(busy * 100)} %`);

async function main() {
  const started = Date.now();
  const processorAtStart = processorTimes();
  fs.rmSync('test-results', { recursive: true, force: true });
  fs.mkdirSync('test-results', { recursive: true });
  if (!process.env.TEST_DATABASE_URL) {
    console.log('TEST_DATABASE_URL is not set: the PostgreSQL variants of the integration and system tests will be skipped.');
  }

  const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' };
  // Every stage runs even after a failure (one run shows everything that is wrong); only the stages that
  // need the build wait for it.
  // Every program a stage uses is there before that stage, so nothing skips or fails that can run: the unit
  // stage's deploy tests run `nginx -t` and `promtool check rules` (installed first), the system stage's
  // console tests and the end-to-end stage drive Chromium (installed meanwhile, a minute on a new machine).
  // A program that cannot be installed is named; the tests that need it then fail or say why they skip.
  const reportInstall = (installing: Promise<string>) =>
    installing.then(
      (output) => output && console.log(`\n${output}`),
      (error: unknown) => console.error(`\n${(error as Error).message}`),
    );
  await reportInstall(ensureDebianPackages([nginx, nginxBrotliFilter, nginxBrotliStatic, promtool]));
  const browsersInstalled = reportInstall(ensureDebianPackages([chromium, chromiumHeadlessShell]));
  let ok = await runTogether(
    [
      // `npm run lint` in two halves, each single-threaded: three programs keep both cores busy where
      // `npm run lint` beside the type check left one idle for its last half minute.
      { name: 'lint', command: 'npm', args: ['run', 'lint:code'] },
      { name: 'formatting and import circles', command: 'npm', args: ['run', 'lint:format'] },
      { name: 'typecheck', command: 'npx', args: ['tsc', '--noEmit'] },
    ],
    env,
  );
  ok =
    run(
      'unit and integration',
      'npx',
      ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile.json=test-results/unit.json'],
      env,
      vitestCounts('test-results/unit.json'),
    ) && ok;

  // The build leaves out its own check of the types when the whole project's has just passed (next.config.ts).
  const typesChecked = stages.some((stage) => stage.name === 'typecheck' && stage.ok);
  const buildEnv = { ...e2eEnv(), ...(typesChecked ? { TYPES_CHECKED: '1' } : {}) };
  await browsersInstalled;
  if (run('production build', 'npm', ['run', 'build'], buildEnv)) {
    if (fs.existsSync('vitest.system.config.mts')) {
      ok =
        run(
          'system',
          'npx',
          ['vitest', 'run', '-c', 'vitest.system.config.mts', '--reporter=default', '--reporter=json', '--outputFile.json=test-results/system.json'],
          buildEnv,
          vitestCounts('test-results/system.json'),
        ) && ok;
    }
    ok = run('end-to-end', 'npx', ['playwright', 'test'], { ...env, E2E_SKIP_BUILD: '1' }, playwrightCounts(`test-results/e2e-${e2ePort}.json`)) && ok;
  } else {
    ok = false;
  }

  const total: Counts = { passed: 0, failed: 0, skipped: 0 };
  console.log('\n=== summary');
  for (const stage of stages) {
    const counts = stage.counts ? `${stage.counts.passed} passed, ${stage.counts.failed} failed, ${stage.counts.skipped} skipped` : '';
    console.log(
      `${stage.ok ? 'ok  ' : 'FAIL'} ${stage.name.padEnd(22)} ${stage.seconds.toFixed(0).padStart(4)} s  ${busyText(stage.busy).padStart(5)}  ${counts}`,
    );
    if (stage.counts) {
      total.passed += stage.counts.passed;
      total.failed += stage.counts.failed;
      total.skipped += stage.counts.skipped;
    }
    if (!stage.ok && !stage.counts) total.failed += 1;
  }
  printSlowestFiles();
  printFailedTests();
  const totalSeconds = (Date.now() - started) / 1000;
  writeTimes(totalSeconds, total, busyShare(processorAtStart));
  console.log(`wall time: ${totalSeconds.toFixed(0)} s (docs/test-times.md)`);
  console.log(`total: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
  process.exit(ok && total.failed === 0 ? 0 : 1);
}

void main();
