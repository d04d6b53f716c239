import type { ReactNode } from 'react';

/** A link to a part of the page by its anchor, with an optional note under it. */
export interface AnchorLink {
  anchor: string;
  label: ReactNode;
  note?: ReactNode;
}

const looks = {
  /** A row of pills under a page's heading (the catalogue's sections). */
  pills: {
    nav: 'mt-6',
    list: 'flex flex-wrap gap-3',
    link: 'inline-block rounded-full bg-white px-4 py-2 text-sm font-semibold shadow-sm ring-1 ring-gray-200 hover:ring-brand-600',
  },
  /** A shaded box of underlined links, each with its note (the legal documents). */
  box: { nav: 'mt-8 rounded-2xl bg-gray-50 p-6', list: 'grid gap-3', link: 'font-semibold text-brand-700 underline underline-offset-2' },
} as const;

/** A page's table of contents: a list of links to its parts. */
export function AnchorNav({ label, look, links }: { label: string; look: keyof typeof looks; links: readonly AnchorLink[] }) {
  const classes = looks[look];
  return (
    <nav aria-label={label} className={classes.nav}>
      <ul className={classes.list}>
        {links.map((link) => (
          <li key={link.anchor}>
            <a href={`#${link.anchor}`} className={classes.link}>
              {link.label}
            </a>
            {link.note}
          </li>
        ))}
      </ul>
    </nav>
  );
}
