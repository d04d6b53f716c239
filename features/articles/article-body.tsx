/**
 * The HTML of a Markdown body. It is rendered at build time from our own files by the collections
 * loader, which escapes raw HTML and allows only safe link targets, so it is inserted as is.
 */
export function ArticleBody({ html, className = '' }: { html: string; className?: string }) {
  return <div className={`prose-article ${className}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
