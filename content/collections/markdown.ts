import { Marked, type Token, type Tokens } from 'marked';
import { typography } from '@/lib/typography';

export interface RenderedMarkdown {
  /** Body HTML with the site's typography applied. */
  html: string;
  /** Site-relative link targets (without #fragment), so the loader can check they lead somewhere. */
  internalLinks: string[];
  readingMinutes: number;
}

/** A problem in a Markdown body; the loader adds the file name. */
export class MarkdownError extends Error {}

/** Reading speed of technical Russian text with code samples, slower than fiction's 180-200 words a minute. */
const WORDS_PER_MINUTE = 130;

const allowedHref = /^(?:https?:\/\/|mailto:|tel:|\/(?!\/)|#)/i;
const externalHref = /^https?:\/\//i;

const marked = new Marked({
  gfm: true,
  async: false,
  renderer: {
    // The page's <h1> is the document title, so a body starts its sections at ##.
    heading({ tokens, depth }: Tokens.Heading) {
      if (depth === 1) throw new MarkdownError('заголовок «# …» в тексте: главный заголовок страницы — title, разделы начинайте с «##»');
      return `<h${depth}>${this.parser.parseInline(tokens)}</h${depth}>\n`;
    },
    // A long line scrolls the block sideways; tabindex lets keyboard users scroll it too.
    code({ text, lang }: Tokens.Code) {
      const language = lang?.match(/^\S+/)?.[0];
      const classAttribute = language ? ` class="language-${escapeHtml(language)}"` : '';
      return `<pre tabindex="0"><code${classAttribute}>${escapeHtml(text.replace(/\n$/, ''))}\n</code></pre>\n`;
    },
    // Raw HTML is shown as the text it is: a stray <div> or Array<string> must never become markup.
    html({ text }: Tokens.HTML | Tokens.Tag) {
      return escapeHtml(text);
    },
    link({ href, title, tokens }: Tokens.Link) {
      const label = this.parser.parseInline(tokens);
      const titleAttribute = title ? ` title="${escapeHtml(title)}"` : '';
      if (!externalHref.test(href)) return `<a href="${escapeHtml(href)}"${titleAttribute}>${label}</a>`;
      return (
        `<a href="${escapeHtml(href)}"${titleAttribute} target="_blank" rel="noopener noreferrer">` +
        `${label}<span class="sr-only"> (откроется в новой вкладке)</span></a>`
      );
    },
  },
});

export function renderMarkdown(source: string): RenderedMarkdown {
  if (source.trim() === '') throw new MarkdownError('текст пустой: под шапкой (после второй строки ---) нет ни слова');
  const tokens = marked.lexer(source);
  const internalLinks: string[] = [];
  let words = 0;
  marked.walkTokens(tokens, (token: Token) => {
    if (token.type === 'image') throw new MarkdownError(`картинка «${token.href}»: в тексте статей картинок не бывает`);
    if (token.type === 'link') {
      if (!allowedHref.test(token.href)) throw new MarkdownError(`ссылка на «${token.href}»: можно https://…, mailto:…, tel:…, /путь на сайте или #якорь`);
      if (token.href.startsWith('/')) internalLinks.push(token.href.replace(/[#?].*$/, ''));
    }
    // Block-level text tokens repeat their inline children's words: count only the leaves.
    if ((token.type === 'text' && !token.tokens) || token.type === 'codespan' || token.type === 'code') words += countWords(token.text);
  });
  return {
    html: typography(marked.parser(tokens)),
    internalLinks,
    readingMinutes: Math.max(1, Math.ceil(words / WORDS_PER_MINUTE)),
  };
}

function countWords(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
