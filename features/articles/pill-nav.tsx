export interface PillLink {
  href: string;
  label: string;
  active: boolean;
}

/** A row of links between sibling pages (categories, roadmaps); the current one is marked. */
export function PillNav({ label, links }: { label: string; links: PillLink[] }) {
  return (
    <nav aria-label={label} className="mt-8">
      <ul className="flex flex-wrap gap-2">
        {links.map((link) => (
          <li key={link.href}>
            <a
              href={link.href}
              aria-current={link.active ? 'page' : undefined}
              className={
                link.active
                  ? 'block rounded-full bg-brand-600 px-4 py-2 text-sm font-semibold text-white'
                  : 'block rounded-full border border-gray-200 px-4 py-2 text-sm font-medium text-gray-700 hover:border-brand-500 hover:text-brand-700'
              }
            >
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
