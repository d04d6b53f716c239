/**
 * docs/marketing.md keeps up with the console: every «…» its console part (from «## Консоль» to the next
 * «## ») quotes is a word the console shows. The console's words are the string literals, templates and
 * JSX texts of its label files and components (features/console*, components/console, the console's pages
 * in app/admin) and of the modules that name things for it (content/names.ts, lib/funnel.ts), read with
 * the TypeScript parser. A label renamed in the code fails here until the page says the new one.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

/** Where the console's words are written, and the alerts' and split tests' sentences it shows and sends. */
const consoleSources = [
  'features',
  'components/console',
  'app/admin',
  'content/names.ts',
  'lib/funnel.ts',
  'lib/experiments/plain-words.ts',
  'server/alerts/message.ts',
];

/** A run of text the code shows: literal pieces, and `null` where a value goes (`${count}`, `{dead}`). */
type Shown = (string | null)[];

function sourceFiles(): string[] {
  const files: string[] = [];
  const walk = (entry: string) => {
    const full = path.join(root, entry);
    if (fs.statSync(full).isDirectory()) {
      for (const name of fs.readdirSync(full)) walk(path.join(entry, name));
    } else if (/\.tsx?$/.test(entry) && !/\.test\.tsx?$/.test(entry)) files.push(entry);
  };
  for (const source of consoleSources) {
    if (source === 'features') {
      for (const name of fs.readdirSync(path.join(root, source)).filter((folder) => folder.startsWith('console'))) walk(path.join(source, name));
    } else walk(source);
  }
  return files;
}

/** Every text a file can show: its string literals and templates, and each JSX element's children as one run. */
function shownTexts(file: string): Shown[] {
  const source = ts.createSourceFile(file, fs.readFileSync(path.join(root, file), 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const texts: Shown[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) texts.push([node.text]);
    else if (ts.isTemplateExpression(node)) texts.push([node.head.text, ...node.templateSpans.flatMap((span) => [null, span.literal.text])]);
    else if (ts.isJsxElement(node) || ts.isJsxFragment(node)) {
      texts.push(
        node.children.flatMap((child): Shown => {
          if (ts.isJsxText(child)) return [child.text.replace(/\s*\n\s*/g, ' ')];
          if (ts.isJsxExpression(child) && child.expression && ts.isStringLiteral(child.expression)) return [child.expression.text];
          return [null];
        }),
      );
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return texts;
}

const normal = (text: string) => text.replace(/[\u00a0\s]+/g, ' ').trim();
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const letters = (text: string) => (text.match(/[a-zа-яё]/gi) ?? []).length;

/** The quotes «…» of a text, each whole with the quotes inside it («Лендинг «…» курса «…»»). */
function quotes(text: string): string[] {
  const found: string[] = [];
  let depth = 0;
  let start = 0;
  for (const [index, character] of [...text].entries()) {
    if (character === '«' && depth++ === 0) start = index + 1;
    if (character === '»' && depth > 0 && --depth === 0) found.push(normal([...text].slice(start, index).join('')));
  }
  return found;
}

/** The console part of docs/marketing.md. */
function consolePart(markdown: string): string {
  const from = markdown.indexOf('\n## Консоль\n');
  const to = markdown.indexOf('\n## ', from + 1);
  return markdown.slice(from, to === -1 ? undefined : to);
}

/**
 * Whether the console shows `quote`: it is in a literal (whole words), or it fills a run whose values are
 * anything (`Отправить заново все недоставленные (N)` for `…({dead})`), or its pieces between the values
 * it stands for (…, N, figures, a name in «») are each in a literal, one of them a word or more. A run
 * must hold a few letters of its own to count.
 */
function shown(quote: string, texts: readonly Shown[], literals: readonly string[]): boolean {
  const word = (text: string) => new RegExp(`(^|[^\\p{L}\\d])${escape(text)}($|[^\\p{L}\\d])`, 'u');
  if (literals.some((literal) => word(quote).test(literal))) return true;
  for (const text of texts) {
    if (!text.includes(null) || letters(text.filter((part) => part !== null).join('')) < 4) continue;
    const pattern = text.map((part) => (part === null ? '.+?' : escape(normal(part)))).join('');
    if (new RegExp(`^${pattern}$`, 'u').test(quote)) return true;
  }
  const parts = quote.split(/«[^«»]*»|…|\bN\b|\d[\d\s:.,]*/u);
  const pieces = parts.map((piece) => piece.trim()).filter((piece) => letters(piece) > 0);
  return parts.length > 1 && pieces.some((piece) => letters(piece) >= 6) && pieces.every((piece) => literals.some((literal) => literal.includes(piece)));
}

/** Quoted in the console part, but no console word: what the visitor's or Telegram's screen says. */
const notTheConsoles = new Set<string>();

describe('docs/marketing.md and the console', () => {
  const texts = sourceFiles().flatMap(shownTexts);
  const literals = texts.flatMap((text) => text.filter((part): part is string => part !== null).map(normal));
  const quoted = [...new Set(quotes(consolePart(fs.readFileSync(path.join(root, 'docs/marketing.md'), 'utf8'))))];

  it('quotes the console by its words', () => {
    expect(quoted.length).toBeGreaterThan(50);
    expect(quoted.filter((quote) => !notTheConsoles.has(quote) && !shown(quote, texts, literals))).toEqual([]);
  });

  it('sends a manager to the bot’s link, never to the developer for a chat id', () => {
    const part = consolePart(fs.readFileSync(path.join(root, 'docs/marketing.md'), 'utf8'));
    expect(part).not.toMatch(/chat id|номер чата[^.]*разработчик/i);
    expect(part).toContain('«Подключить менеджера»');
    expect(part).toContain('docs/telegram-join.md');
  });

  it('finds a word only where the console shows it', () => {
    expect(shown('Отправить заново все недоставленные (N)', texts, literals)).toBe(true);
    expect(shown('Сохранить', texts, literals)).toBe(true);
    expect(shown('Отправлено заново: 4', texts, literals)).toBe(false);
    expect(shown('Спросите у разработчика chat id', texts, literals)).toBe(false);
  });
});
