/**
 * Import circles among the project's own files, type-only imports included (ESLint's import/no-cycle
 * skips those, yet a circle of types is still two files that cannot be understood apart); and, inside
 * `server/`, circles of folders: server/'s folders stand on floors, each importing only the floors below,
 * so each can be read knowing only what is under it.
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

/** Each source file of the project at `root` with the project files it imports. */
export function projectGraph(root: string): Map<string, string[]> {
  const files = sourceFiles(root, ['app', 'features', 'components', 'lib', 'content', 'server', 'scripts']);
  const known = new Set(files);
  return new Map(files.map((file) => [file, importsOf(root, file, fs.readFileSync(path.join(root, file), 'utf8'), known)]));
}

/** The circles of the project at `root`. */
export function projectCircles(root: string): string[][] {
  return circles(projectGraph(root));
}

/** The folder of server/ a file stands in (`server/db/`), a file at server/'s top its own (`server/runtime.ts`); null outside server/. */
export function serverFolderOf(file: string): string | null {
  const parts = file.split('/');
  if (parts[0] !== 'server' || parts.length < 2) return null;
  return parts.length === 2 ? file : `server/${parts[1]}/`;
}

/** One step of a folder loop: `from` imports `to`, as the file `via[0]` imports `via[1]`. */
export interface FolderStep {
  from: string;
  to: string;
  via: [string, string];
}

/**
 * Where server/'s folders import each other (a folder that imports one above it): every pair of folders
 * that import each other, as its two steps; then, those pairs set aside, one loop round each circle of
 * three folders or more that is left. Each step names one import that makes it (the first, sorted).
 */
export function serverFolderLoops(graph: ReadonlyMap<string, readonly string[]>): FolderStep[][] {
  const steps = new Map<string, Map<string, [string, string]>>();
  for (const [file, targets] of [...graph].sort(([a], [b]) => a.localeCompare(b))) {
    const from = serverFolderOf(file);
    if (from === null) continue;
    for (const target of [...targets].sort()) {
      const to = serverFolderOf(target);
      if (to === null || to === from) continue;
      const out = steps.get(from) ?? new Map<string, [string, string]>();
      steps.set(from, out);
      if (!out.has(to)) out.set(to, [file, target]);
    }
  }
  const step = (from: string, to: string): FolderStep => ({ from, to, via: steps.get(from)!.get(to)! });
  const both = (a: string, b: string) => Boolean(steps.get(a)?.has(b) && steps.get(b)?.has(a));
  const folders = [...steps.keys()].sort();
  const pairs = folders.flatMap((a) => folders.filter((b) => a < b && both(a, b)).map((b) => [step(a, b), step(b, a)]));
  const rest = new Map(folders.map((from) => [from, [...steps.get(from)!.keys()].filter((to) => !both(from, to))]));
  const loops = circles(rest).map((component) => shortestLoop(component[0]!, rest, new Set(component)).map(([from, to]) => step(from, to)));
  return [...pairs, ...loops];
}

/** The shortest way from `start` back to itself, staying among `members` (breadth first), as its steps. */
function shortestLoop(start: string, graph: ReadonlyMap<string, readonly string[]>, members: ReadonlySet<string>): [string, string][] {
  const cameFrom = new Map<string, string>();
  const queue = [start];
  for (let index = 0; index < queue.length; index += 1) {
    const node = queue[index]!;
    for (const next of graph.get(node) ?? []) {
      if (!members.has(next) || cameFrom.has(next)) continue;
      cameFrom.set(next, node);
      if (next === start) {
        const loop: [string, string][] = [];
        let to = start;
        do {
          const from = cameFrom.get(to)!;
          loop.unshift([from, to]);
          to = from;
        } while (to !== start);
        return loop;
      }
      queue.push(next);
    }
  }
  throw new Error(`${start} is on no loop of its component`);
}

/** A folder loop in words, one import a step. */
export function describeFolderLoop(loop: readonly FolderStep[]): string {
  const lines = loop.map(({ from, to, via }) => `  ${from} -> ${to} (${via[0]} imports ${via[1]})`);
  const head =
    loop.length === 2
      ? `Folders of server/ that import each other: ${loop[0]!.from} and ${loop[0]!.to}`
      : `Folders of server/ that import each other round a loop: ${loop.map(({ from }) => from).join(' -> ')} -> ${loop[0]!.from}`;
  return [
    head,
    ...lines,
    "  server/'s folders stand on floors, each importing only those below it: move what the lower one needs below both (a pure rule into server/rules/), or let a file above both (server/start-workers.ts, say) import them.",
  ].join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const graph = projectGraph(process.cwd());
  const found = circles(graph);
  for (const circle of found) console.error(`Import circle: ${circle.join(' -> ')}\n  Move the names they share into a file both import (a leaf).`);
  const loops = serverFolderLoops(graph);
  for (const loop of loops) console.error(describeFolderLoop(loop));
  process.exitCode = found.length + loops.length > 0 ? 1 : 0;
}
