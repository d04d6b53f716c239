import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { staff } from './staff';
import { getMedia } from './collections';

/** Every content source except the staff list itself and the tests. */
function contentFiles(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) return contentFiles(file);
    return /\.(ts|md)$/.test(entry.name) && !entry.name.endsWith('.test.ts') && entry.name !== 'staff.ts' ? [file] : [];
  });
}

describe('the staff list', () => {
  it('names each person once, with one role', () => {
    expect(new Set(staff.map((person) => person.slug)).size).toBe(staff.length);
    expect(new Set(staff.map((person) => person.name)).size).toBe(staff.length);
  });

  it('gives each post that one person holds (a head, a founder) to one person only', () => {
    const posts = staff.map((person) => person.role).filter((role) => /^(Руководитель|Основатель)/.test(role));
    expect(posts.length).toBeGreaterThanOrEqual(3);
    expect(new Set(posts).size).toBe(posts.length);
    const careerCentreHead = staff.filter((person) => person.role === 'Руководитель карьерного центра');
    expect(careerCentreHead.map((person) => person.name)).toEqual(['Екатерина Орлова']);
  });

  it('is the only place that names a staff member, so no page or article can give them another role', () => {
    const root = path.join(process.cwd(), 'content');
    const files = contentFiles(root);
    expect(files.length).toBeGreaterThan(40);
    for (const file of files) {
      const text = fs.readFileSync(file, 'utf8');
      for (const person of staff) expect(text.includes(person.name), `${path.relative(root, file)} names ${person.name}`).toBe(false);
    }
  });

  it('signs every media article with a person of the list, with the list’s role', () => {
    for (const article of getMedia().items) {
      const person = staff.find((candidate) => candidate.slug === article.author.slug);
      expect(person, article.id).toBeDefined();
      expect(article.author.name).toBe(person?.name);
    }
  });
});
