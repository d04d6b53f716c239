import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { circles, importsOf, projectCircles } from './import-cycles';

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
