import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { circles, describeFolderLoop, importsOf, projectCircles, projectGraph, serverFolderLoops, serverFolderOf } from './import-cycles';

describe('import circles', () => {
  it('finds the strongly connected files of a graph, and nothing in a tree', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', []],
      ['e', ['d']],
    ]);
    expect(circles(graph)).toEqual([['a', 'b', 'c']]);
    expect(
      circles(
        new Map([
          ['a', ['b']],
          ['b', []],
        ]),
      ),
    ).toEqual([]);
  });

  it('reads value, type-only, dynamic and @/ imports of project files, and skips packages', () => {
    const known = new Set(['lib/a.ts', 'lib/b.tsx', 'content/c/index.ts', 'server/d.ts']);
    const text = `import type { B } from './b';\nimport x from 'react';\nexport * from '@/content/c';\nconst d = () => import('../server/d');`;
    expect(importsOf('/', 'lib/a.ts', text, known).sort()).toEqual(['content/c/index.ts', 'lib/b.tsx', 'server/d.ts']);
  });

  it('catches a circle made of a type import alone, and the project has none', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'import-circles-'));
    try {
      fs.mkdirSync(path.join(root, 'content'));
      fs.writeFileSync(path.join(root, 'content/list.ts'), "import { load } from './load';\nexport const list = load([]);\n");
      fs.writeFileSync(path.join(root, 'content/load.ts'), "import type { list } from './list';\nexport const load = (x: unknown) => x as typeof list;\n");
      expect(projectCircles(root)).toEqual([['content/list.ts', 'content/load.ts']]);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
    expect(projectCircles(path.resolve(import.meta.dirname, '..'))).toEqual([]);
  });
});

describe("server/'s floors", () => {
  /** A project at a new temporary root with these files (path: text); removed after `check`. */
  function withProject(files: Record<string, string>, check: (root: string) => void): void {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'import-floors-'));
    try {
      for (const [file, text] of Object.entries(files)) {
        fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
        fs.writeFileSync(path.join(root, file), text);
      }
      check(root);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  }

  it("takes a folder to be the first one below server/, and a file at server/'s top to be its own", () => {
    expect(serverFolderOf('server/db/migrations/001-initial.ts')).toBe('server/db/');
    expect(serverFolderOf('server/runtime.ts')).toBe('server/runtime.ts');
    expect(serverFolderOf('lib/money.ts')).toBeNull();
  });

  it('names each pair of folders that import each other with one import each way, and a longer loop step by step', () => {
    const graph = new Map([
      ['server/db/connection.ts', ['server/ops/backup.ts', 'server/config.ts']],
      ['server/ops/backup.ts', ['server/db/file.ts']],
      ['server/db/file.ts', []],
      ['server/runtime.ts', ['server/http/handlers.ts']],
      ['server/http/health.ts', ['server/runtime.ts', 'lib/money.ts']],
      ['server/http/handlers.ts', []],
      ['server/a/one.ts', ['server/b/two.ts']],
      ['server/b/two.ts', ['server/c/three.ts']],
      ['server/c/three.ts', ['server/a/one.ts']],
      ['server/config.ts', []],
      ['lib/money.ts', ['server/config.ts']],
    ]);
    expect(serverFolderLoops(graph)).toEqual([
      [
        { from: 'server/db/', to: 'server/ops/', via: ['server/db/connection.ts', 'server/ops/backup.ts'] },
        { from: 'server/ops/', to: 'server/db/', via: ['server/ops/backup.ts', 'server/db/file.ts'] },
      ],
      [
        { from: 'server/http/', to: 'server/runtime.ts', via: ['server/http/health.ts', 'server/runtime.ts'] },
        { from: 'server/runtime.ts', to: 'server/http/', via: ['server/runtime.ts', 'server/http/handlers.ts'] },
      ],
      [
        { from: 'server/a/', to: 'server/b/', via: ['server/a/one.ts', 'server/b/two.ts'] },
        { from: 'server/b/', to: 'server/c/', via: ['server/b/two.ts', 'server/c/three.ts'] },
        { from: 'server/c/', to: 'server/a/', via: ['server/c/three.ts', 'server/a/one.ts'] },
      ],
    ]);
    const [pair, , loop] = serverFolderLoops(graph);
    expect(describeFolderLoop(pair!).split('\n').slice(0, 3)).toEqual([
      'Folders of server/ that import each other: server/db/ and server/ops/',
      '  server/db/ -> server/ops/ (server/db/connection.ts imports server/ops/backup.ts)',
      '  server/ops/ -> server/db/ (server/ops/backup.ts imports server/db/file.ts)',
    ]);
    expect(describeFolderLoop(loop!)).toMatch(
      /^Folders of server\/ that import each other round a loop: server\/a\/ -> server\/b\/ -> server\/c\/ -> server\/a\//,
    );
  });

  it('refuses a back-arrow made of one type import, and lets the floors stand once the lower folder owns what it needs', () => {
    withProject(
      {
        'server/db/connection.ts': "import { rescue } from '../ops/backup';\nexport const open = rescue;\n",
        'server/db/file.ts': 'export const marker = 1;\n',
        'server/ops/backup.ts': "import type { marker } from '@/server/db/file';\nexport const rescue = (m: typeof marker) => m;\n",
      },
      (root) =>
        expect(serverFolderLoops(projectGraph(root))).toEqual([
          [
            { from: 'server/db/', to: 'server/ops/', via: ['server/db/connection.ts', 'server/ops/backup.ts'] },
            { from: 'server/ops/', to: 'server/db/', via: ['server/ops/backup.ts', 'server/db/file.ts'] },
          ],
        ]),
    );
    withProject(
      {
        'server/db/connection.ts': "import { rescue } from './copy';\nexport const open = rescue;\n",
        'server/db/copy.ts': "import { marker } from './file';\nexport const rescue = () => marker;\n",
        'server/db/file.ts': 'export const marker = 1;\n',
        'server/ops/backup.ts': "import { rescue } from '../db/copy';\nexport const backup = rescue;\n",
        'server/runtime.ts': "import { backup } from './ops/backup';\nexport const start = backup;\n",
      },
      (root) => expect(serverFolderLoops(projectGraph(root))).toEqual([]),
    );
    expect(serverFolderLoops(projectGraph(path.resolve(import.meta.dirname, '..')))).toEqual([]);
  });
});
