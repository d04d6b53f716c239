import type { ReactNode } from 'react';

/** A list of the site's links, each a plain <a href> in its <li>; `children` adds items after them. */
export function LinkList({
  links,
  className,
  linkClassName,
  children,
}: {
  links: readonly { href: string; label: string }[];
  className?: string;
  linkClassName: string;
  children?: ReactNode;
}) {
  return (
    <ul className={className}>
      {links.map((link) => (
        <li key={link.href}>
          <a href={link.href} className={linkClassName}>
            {link.label}
          </a>
        </li>
      ))}
      {children}
    </ul>
  );
}
