import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { onTestFinished } from 'vitest';

/**
 * A `content/` tree in a temporary folder, for tests of the Markdown collections: the folder is named
 * `content` like the real one, so messages name `content/media/x.md`. Removed when the test finishes.
 */
export function contentTree(files: Record<string, string>): string {
  const root = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'collections-')), 'content');
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    fs.writeFileSync(path.join(root, name), text);
  }
  for (const section of ['roadmaps', 'media', 'stories']) fs.mkdirSync(path.join(root, section), { recursive: true });
  onTestFinished(() => fs.rmSync(path.dirname(root), { recursive: true, force: true }));
  return root;
}

/** A Markdown file: front matter between `---` lines, then the body. */
export function markdownDoc(frontMatter: string, body = 'Текст статьи о фронтенде.'): string {
  return `---\n${frontMatter.trim()}\n---\n\n${body}\n`;
}

/** The smallest valid roadmap: one topic with two articles. */
export const roadmapFiles = {
  'roadmaps/web/index.md': markdownDoc('title: Веб\ndescription: Путь в веб\norder: 1'),
  'roadmaps/web/basics/index.md': markdownDoc('title: Основы\ndescription: Первые шаги\norder: 1'),
  'roadmaps/web/basics/html.md': markdownDoc('title: HTML\ndescription: Разметка\norder: 2\npublishedAt: 2025-02-01'),
  'roadmaps/web/basics/css.md': markdownDoc('title: CSS\ndescription: Стили\norder: 1\npublishedAt: 2025-02-02'),
};
