/**
 * The documentation names real things, and all of them: every file docs/architecture.md names exists, it
 * names every folder of `features/` and `server/`, every console page by its menu name and every worker
 * the process starts, and links every page under docs/, its table of tables
 * covers every table of the schema with the repository that owns it, the README's map lists every page
 * under docs/, and no page points outside the repository.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
const architecture = read('docs/architecture.md');
const readme = read('README.md');
const docs = fs
  .readdirSync(path.join(root, 'docs'))
  .filter((name) => name.endsWith('.md'))
  .map((name) => `docs/${name}`);

const topLevel = fs.readdirSync(root).filter((name) => !name.startsWith('.') && name !== 'node_modules');

/**
 * The repository paths a page names in backticks or relative links: a top-level folder or file first, no
 * placeholder (`<table>`, `*`, `…`); a site address (`/media`) is not a file.
 */
function namedPaths(markdown: string, from = 'docs'): string[] {
  const quoted = [...markdown.matchAll(/`([^`\s]+)`/g)].map(([, text]) => text!);
  const linked = [...markdown.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)]
    .map(([, target]) => target!)
    .filter((target) => !/^[a-z]+:/.test(target) && !target.startsWith('/'))
    .map((target) => path.posix.normalize(path.posix.join(from, target)));
  return [...new Set([...quoted, ...linked])]
    .map((text) => text.replace(/[.,:;]$/, ''))
    .filter((text) => !/[<>*…{}$]/.test(text))
    .filter((text) => topLevel.includes(text.split('/')[0]!) && (text.includes('/') || /\.\w+$/.test(text)));
}

/** The tables of `Database` in server/db/schema.ts. */
function schemaTables(): string[] {
  const schema = read('server/db/schema.ts');
  const body = /export interface Database \{([^}]*)\}/.exec(schema)?.[1] ?? '';
  return [...body.matchAll(/^\s*(\w+):/gm)].map(([, table]) => table!);
}

/** The folders of `features/` and `server/`, as `features/gift/`. */
const capabilityFolders = ['features', 'server'].flatMap((layer) =>
  fs
    .readdirSync(path.join(root, layer), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `${layer}/${entry.name}/`),
);

describe('docs/architecture.md', () => {
  it('names every folder of features/ and server/ in its table of folders', () => {
    const section = architecture.slice(architecture.indexOf('### Every folder of'), architecture.indexOf('## Every page of docs/'));
    const listed = [...section.matchAll(/^\| `((?:features|server)\/[\w-]+\/)` \|/gm)].map(([, folder]) => folder!);
    expect(capabilityFolders.length).toBeGreaterThan(30);
    expect(capabilityFolders.filter((folder) => !listed.includes(folder))).toEqual([]);
    expect(listed.filter((folder) => !capabilityFolders.includes(folder))).toEqual([]);
  });

  it('names every console page by its menu name, in the row of the feature that renders it', () => {
    const nav = read('features/console/console-nav.tsx');
    const items = [...nav.matchAll(/\{ href: '\/admin((?:\/[\w-]+)*)', label: '([^']+)' \}/g)].map(([, path, label]) => ({ path: path!, label: label! }));
    expect(items.length).toBeGreaterThan(10);
    const rows = new Map([...architecture.matchAll(/^\| `(features\/[\w-]+)\/` \| ([^\n]*)\|$/gm)].map(([, folder, text]) => [folder!, text!]));
    for (const { path: page, label } of items) {
      const features = [...read(`app/admin/(console)${page}/page.tsx`).matchAll(/@\/(features\/console-[\w-]+)/g)].map(([, folder]) => folder!);
      expect(features.length, label).toBeGreaterThan(0);
      expect(
        features.some((folder) => rows.get(folder)?.includes(`«${label}»`)),
        `«${label}» (${features.join(', ')})`,
      ).toBe(true);
    }
  });

  it('says how many workers server/start-workers.ts starts, and names each', () => {
    const source = read('server/start-workers.ts');
    const body = source.slice(source.indexOf('export function startWorkers'));
    // Each worker is made by one creator into a constant of its own (a creator's helpers inside its arguments are not workers).
    const created = [...body.matchAll(/const \w+ = (create\w+)\(/g)].map(([, name]) => name!);
    const started = (/const all = \[([^\]]*)\]/.exec(body)?.[1] ?? '').split(',').filter((name) => name.trim());
    expect(created.length).toBeGreaterThan(1);
    expect(started).toHaveLength(created.length);
    const count = ['', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'][created.length];
    expect(architecture).toMatch(new RegExp(`starts ${count} workers`));
    expect(created.filter((name) => !architecture.includes(`\`${name}\``))).toEqual([]);
  });

  it('links every page under docs/', () => {
    const linked = [...architecture.matchAll(/\]\(([\w-]+\.md)\)/g)].map(([, page]) => `docs/${page}`);
    expect(docs.filter((page) => page !== 'docs/architecture.md' && !linked.includes(page))).toEqual([]);
  });

  it('names only files and folders that exist', () => {
    const named = namedPaths(architecture);
    expect(named.length).toBeGreaterThan(60);
    expect(named.filter((file) => !fs.existsSync(path.join(root, file)))).toEqual([]);
  });

  it('walks a page test’s variant hop by hop, from the proxy through the page-test step, and names the self-check guarding it', () => {
    const start = architecture.indexOf("## A page test's variant, hop by hop");
    expect(start).toBeGreaterThan(-1);
    const walk = architecture.slice(start, architecture.indexOf('\n## ', start + 1));
    for (const file of [
      'proxy.ts',
      'server/page-tests/proxy-step.ts',
      'server/http/page-test-page.ts',
      'server/page-tests/render.ts',
      'server/live-content/self-check.ts',
    ])
      expect(walk, file).toContain(`\`${file}\``);
    expect(walk).toContain('server/page-tests/');
  });

  it('says for every table of the schema which repository module owns it, and that module names the table', () => {
    const section = architecture.slice(architecture.indexOf('## Where each table lives'));
    const rows = new Map<string, string[]>();
    for (const [, table, modules] of section.matchAll(/^\| `(\w+)`[^|]*\| ([^|]+)\|/gm)) {
      rows.set(table!, [...(rows.get(table!) ?? []), ...[...modules!.matchAll(/`(server\/repositories\/[\w-]+\.ts)`/g)].map(([, file]) => file!)]);
    }
    const tables = schemaTables();
    expect(tables.length).toBeGreaterThan(20);
    expect(tables.filter((table) => !rows.has(table))).toEqual([]);
    for (const table of tables) {
      const owners = rows.get(table)!;
      expect(owners.length, table).toBeGreaterThan(0);
      expect(
        owners.some((file) => read(file).includes(`\`${table}\``)),
        `${table}: ${owners.join(', ')}`,
      ).toBe(true);
    }
  });
});

describe('the README', () => {
  it('stays short', () => {
    expect(readme.split('\n').length).toBeLessThanOrEqual(200);
  });

  it('lists every page under docs/ in its map', () => {
    expect(docs.length).toBeGreaterThanOrEqual(4);
    expect(docs.filter((file) => !readme.includes(`](${file})`))).toEqual([]);
  });

  it('and the docs name only files of the repository that exist', () => {
    const missing = [...docs, 'README.md'].flatMap((file) =>
      namedPaths(read(file), path.posix.dirname(file))
        .filter((named) => !fs.existsSync(path.join(root, named)) && !named.startsWith('bench/results/'))
        .map((named) => `${file}: ${named}`),
    );
    expect(missing).toEqual([]);
  });

  it('and the docs never point outside the repository', () => {
    for (const file of [...docs, 'README.md']) expect(read(file), file).not.toMatch(/\.\.\/\.\.\/|\.\.\/shared|\/work\/|product-spec/);
  });
});
