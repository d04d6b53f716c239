/**
 * docs/marketing.md promises the marketing team that no test needs editing for an ordinary change. Every
 * row of its "Чтобы изменить X, правьте Y" table is made here (tests/system/readme-edits.ts) on a copy of
 * the repository, all at once. On that copy the content check passes (`npm run check`, the team's own
 * command) and the content type-checks (the compiler in this process, over `content/` and what it
 * imports); and no unit test that reads content holds a copy of a value an edit replaced (an old text,
 * an old price): a test that did would pin a copy instead of checking a rule. The unit tests are read,
 * not run a second time on the copy: what they could pin of an edit is its old value.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { marketingTableRows, readmeEdits } from './readme-edits';

const repository = process.cwd();
let copy: string;
/** Per row, the values its edit replaced. */
const replaced = new Map<string, string[]>();

/** The repository's files as git sees them (tracked and new, not ignored), with node_modules linked. */
function trackedFiles(): string[] {
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: repository, encoding: 'utf8' });
  if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`);
  return listed.stdout.split('\0').filter((file) => file && fs.existsSync(path.join(repository, file)));
}

function copyRepository(files: string[]): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'readme-edits-'));
  for (const file of files) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.copyFileSync(path.join(repository, file), path.join(root, file));
  }
  fs.symlinkSync(path.join(repository, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  return root;
}

/** How a test could have written a replaced value: as in the source, with its escapes read, and a price also as the page prints it. */
function spellings(value: string): string[] {
  const unescaped = value.replace(/\\u([0-9a-f]{4})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16))).replace(/\\(.)/g, '$1');
  const forms = [value, unescaped, unescaped.replaceAll('\u00a0', ' ')];
  if (/^\d{4,}$/.test(value)) forms.push(...['\u00a0', ' ', '\u202f'].map((space) => Number(value).toLocaleString('en').replaceAll(',', space)));
  return [...new Set(forms)];
}

beforeAll(() => {
  copy = copyRepository(trackedFiles());
  for (const edit of readmeEdits) replaced.set(edit.row, edit.apply(copy));
}, 120_000);

afterAll(() => {
  if (copy) fs.rmSync(copy, { recursive: true, force: true });
});

describe('the "Чтобы изменить X, правьте Y" table of docs/marketing.md', () => {
  it('has an edit made by this test for every row', () => {
    const rows = marketingTableRows(fs.readFileSync(path.join(repository, 'docs/marketing.md'), 'utf8'));
    expect(rows.length).toBeGreaterThan(5);
    expect(readmeEdits.map((edit) => edit.row).sort()).toEqual([...rows].sort());
  });

  it('after every edit, the content check passes (npm run check)', () => {
    const env = { ...process.env, CONTENT_FIXTURES: '', TEST_DATABASE_URL: '' };
    const result = spawnSync('node', ['--import', 'tsx', '--conditions=react-server', 'scripts/check-content.ts'], { cwd: copy, env, encoding: 'utf8' });
    expect(result.status, `${result.stdout}\n${result.stderr}`).toBe(0);
  });

  it('after every edit, the content and what it imports type-check', () => {
    const config = ts.getParsedCommandLineOfConfigFile(
      path.join(copy, 'tsconfig.json'),
      { noEmit: true },
      { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined },
    );
    if (!config) throw new Error('tsconfig.json of the copy could not be read');
    const content = path.join(copy, 'content') + path.sep;
    const roots = config.fileNames.filter((file) => file.startsWith(content));
    expect(roots.length).toBeGreaterThan(20);
    const program = ts.createProgram({ rootNames: roots, options: { ...config.options, noEmit: true, incremental: false } });
    const errors = ts
      .getPreEmitDiagnostics(program)
      .map((diagnostic) => ts.formatDiagnostic(diagnostic, { getCanonicalFileName: (name) => name, getCurrentDirectory: () => copy, getNewLine: () => '\n' }));
    expect(errors).toEqual([]);
  }, 120_000);

  it('no unit test that reads content holds a copy of a value an edit replaced', () => {
    // The unit tests of the folders content is read from; one reads it when it lives beside it or names a content module or file.
    const unitTests = trackedFiles().filter((file) => /^(content|features|components|lib|app|scripts|tests\/content)\/.*\.test\.tsx?$/.test(file));
    const texts = unitTests
      .map((file) => ({ file, text: fs.readFileSync(path.join(repository, file), 'utf8') }))
      .filter(({ file, text }) => /^(content|tests\/content)\//.test(file) || text.includes('content/'));
    expect(texts.length).toBeGreaterThan(20);
    const pinned: string[] = [];
    for (const [row, values] of replaced) {
      // Short values ('10:00') are words any test may use for its own purposes; what is pinned is a text or a price.
      for (const value of values.filter((candidate) => candidate.length >= 4 && !/^\d\d:\d\d$/.test(candidate))) {
        for (const { file, text } of texts) if (spellings(value).some((form) => text.includes(form))) pinned.push(`${row}: ${file} holds «${value}»`);
      }
    }
    expect(replaced.size).toBe(readmeEdits.length);
    expect(pinned).toEqual([]);
  });
});
