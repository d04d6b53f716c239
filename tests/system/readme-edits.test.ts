/**
 * The README promises the marketing team that no test needs editing for an ordinary change. Every row of
 * its "To change X, edit file Y" table is made here (tests/system/readme-edits.ts) on a copy of the
 * repository, all at once, and then the content check, the type check and every unit test that reads
 * content (content, features, components, lib, app, scripts) run on that copy: each must pass. A test
 * that failed here pinned a copy of a text or a price; it must check a rule instead.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readmeEdits, readmeTableRows } from './readme-edits';

const repository = process.cwd();
let copy: string;

/** The repository's files as git sees them (tracked and new, not ignored), with node_modules linked. */
function copyRepository(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'readme-edits-'));
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: repository, encoding: 'utf8' });
  if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`);
  for (const file of listed.stdout.split('\0').filter(Boolean)) {
    const source = path.join(repository, file);
    if (!fs.existsSync(source)) continue; // deleted in the work tree
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.copyFileSync(source, path.join(root, file));
  }
  fs.symlinkSync(path.join(repository, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  return root;
}

function run(command: string, args: string[]): { status: number | null; output: string } {
  const env = { ...process.env, CONTENT_FIXTURES: '', TEST_DATABASE_URL: '' };
  const result = spawnSync(command, args, { cwd: copy, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return { status: result.status, output: `${result.stdout}\n${result.stderr}` };
}

/** The failing lines of a vitest run, short enough to read in the assertion message. */
function failures(output: string): string {
  const lines = output.split('\n').filter((line) => /FAIL|AssertionError|Error:|✗|×/.test(line));
  return lines.slice(0, 40).join('\n') || output.slice(-4000);
}

beforeAll(() => {
  copy = copyRepository();
  for (const edit of readmeEdits) edit.apply(copy);
}, 120_000);

afterAll(() => {
  if (copy) fs.rmSync(copy, { recursive: true, force: true });
});

describe("the README's \"to change X, edit file Y\" table", () => {
  it('has an edit made by this test for every row', () => {
    const rows = readmeTableRows(fs.readFileSync(path.join(repository, 'README.md'), 'utf8'));
    expect(rows.length).toBeGreaterThan(5);
    expect(readmeEdits.map((edit) => edit.row).sort()).toEqual([...rows].sort());
  });

  it('after every edit, the content check passes (npm run check)', () => {
    const { status, output } = run('node', ['--import', 'tsx', '--conditions=react-server', 'scripts/check-content.ts']);
    expect(status, output).toBe(0);
  });

  it('after every edit, the types check', () => {
    const { status, output } = run('npx', ['tsc', '--noEmit', '-p', '.']);
    expect(status, output.slice(-4000)).toBe(0);
  }, 600_000);

  it('after every edit, no unit test that reads content turns red', () => {
    const { status, output } = run('npx', ['vitest', 'run', 'content', 'features', 'components', 'lib', 'app', 'scripts', 'tests/content']);
    expect(status, failures(output)).toBe(0);
  }, 900_000);
});
