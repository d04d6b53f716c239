import { notFound } from 'next/navigation';
import { findCategory, itemsIn, type CategorizedCollection, type CollectionCategory } from '@/content/collections';
import { Breadcrumbs } from '@/components/content/breadcrumbs';
import { collectionMetadata } from './metadata';
import { PageIntro } from './page-intro';
import { PillNav } from './pill-nav';

/** What a section with categories (media, stories) says about itself on its list pages. */
export interface SectionText {
  title: string;
  description: string;
  /** The first link of the category navigation, leading to the whole section. */
  allLabel: string;
}

/** The section's category by URL slug; an unknown slug is a 404. */
export function categoryOrNotFound<Item>(section: CategorizedCollection<Item>, slug: string): CollectionCategory {
  return findCategory(section, slug) ?? notFound();
}

export function listingMetadata<Item>(section: CategorizedCollection<Item>, text: SectionText, categorySlug?: string) {
  if (!categorySlug) return collectionMetadata({ title: text.title, description: text.description, path: section.path });
  const category = categoryOrNotFound(section, categorySlug);
  return collectionMetadata({ title: `${category.label} — ${text.title}`, description: category.description, path: category.path });
}

/** A list page of a section, whole or of one category: intro, category links, cards. */
export function CategorizedListing<Item extends { id: string; category: CollectionCategory }>(props: {
  section: CategorizedCollection<Item>;
  text: SectionText;
  categorySlug?: string;
  /** `inCategory`: the list shows one category, so the cards need not repeat its name. */
  renderCard: (item: Item, inCategory: boolean) => React.ReactNode;
}) {
  const { section, text, categorySlug } = props;
  const category = categorySlug ? categoryOrNotFound(section, categorySlug) : undefined;
  const trail = [{ label: text.title, href: section.path }];
  if (category) trail.push({ label: category.label, href: category.path });
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <Breadcrumbs trail={trail} />
      <PageIntro
        eyebrow={category ? text.title : undefined}
        title={category ? category.label : text.title}
        description={category ? category.description : text.description}
      />
      <PillNav
        label="Категории"
        links={[
          { href: section.path, label: text.allLabel, active: !category },
          ...section.categories.map((candidate) => ({ href: candidate.path, label: candidate.label, active: candidate === category })),
        ]}
      />
      <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {itemsIn(section, category?.slug).map((item) => (
          <li key={item.id}>{props.renderCard(item, category !== undefined)}</li>
        ))}
      </ul>
    </div>
  );
}
