/**
 * Import circles among the project's own files, type-only imports included (ESLint's import/no-cycle
 * skips those, yet a circle of types is still two files that cannot be understood apart).
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const SOURCE = /\.(ts|tsx|mjs)$/;
const CANDIDATES = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

/** Every source file under `folders` of `root` (tests and generated folders aside), relative to `root`. */
export function sourceFiles(root: string, folders: readonly string[]): string[] {
  const found: string[] = [];
  const walk = (folder: string) => {
    for (const entry of fs.readdirSync(path.join(root, folder), { withFileTypes: true })) {
      const relative = path.join(folder, entry.name);
      if (entry.isDirectory() && !entry.name.startsWith('.') && entry.name !== 'node_modules') walk(relative);
      else if (entry.isFile() && SOURCE.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) found.push(relative);
    }
  };
  for (const folder of folders) if (fs.existsSync(path.join(root, folder))) walk(folder);
  return found.sort();
}

/** The project files `file` imports (`@/` is the root), however it imports them: value, type, dynamic, re-export. */
export function importsOf(root: string, file: string, text: string, known: ReadonlySet<string>): string[] {
  const { importedFiles } = ts.preProcessFile(text, true, true);
  const targets = new Set<string>();
  for (const { fileName } of importedFiles) {
    const base = fileName.startsWith('@/') ? fileName.slice(2) : fileName.startsWith('.') ? path.join(path.dirname(file), fileName) : null;
    if (base === null) continue;
    const target = CANDIDATES.map((suffix) => path.normalize(base + suffix)).find((candidate) => known.has(candidate));
    if (target && target !== file) targets.add(target);
  }
  return [...targets];
}

/** The circles of a graph (Tarjan's strongly connected components of more than one file), each sorted. */
export function circles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

/** The circles of the project at `root`. */
export function projectCircles(root: string): string[][] {
  const files = sourceFiles(root, ['app', 'features', 'components', 'lib', 'content', 'server', 'scripts']);
  const known = new Set(files);
  const graph = new Map(files.map((file) => [file, importsOf(root, file, fs.readFileSync(path.join(root, file), 'utf8'), known)]));
  return circles(graph);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const found = projectCircles(process.cwd());
  for (const circle of found) console.error(`Import circle: ${circle.join(' -> ')}\n  Move the names they share into a file both import (a leaf).`);
  process.exitCode = found.length > 0 ? 1 : 0;
}
