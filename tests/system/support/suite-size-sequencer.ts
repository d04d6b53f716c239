import fs from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The system files' order on the stage's workers: the largest first, as Vitest orders files it has no times
 * for (a fresh clone never has), but a file's size counts the suites it runs from this folder's support/
 * modules (relative imports, followed through). A two-line file running a long shared suite
 * (live-content-*.test.ts) would otherwise start last and end the stage a minute after the others.
 */
export default class SuiteSizeSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sizes = new Map(files.map((file) => [file, suiteSize(file.moduleId)]));
    return [...files].sort((a, b) => sizes.get(b)! - sizes.get(a)!);
  }
}

function suiteSize(file: string, seen: Set<string> = new Set()): number {
  if (seen.has(file) || !fs.existsSync(file)) return 0;
  seen.add(file);
  const text = fs.readFileSync(file, 'utf8');
  let size = text.length;
  for (const [, relative] of text.matchAll(/from '(\.{1,2}\/[^']+)'/g)) size += suiteSize(path.resolve(path.dirname(file), `${relative}.ts`), seen);
  return size;
}
