import { notFound } from 'next/navigation';
import type { ReactNode } from 'react';
import { findItem, relatedItems, type CategorizedCollection, type CollectionCategory } from '@/content/collections';
import { Breadcrumbs } from '@/components/content/breadcrumbs';
import { JsonLd } from '@/components/content/json-ld';
import { CategorizedListing, listingMetadata, type SectionText } from './categorized-listing';
import { EntryCard } from './entry-card';
import { collectionMetadata, type ArticleFacts, type CollectionPage } from './metadata';
import { PageIntro } from './page-intro';
import { RelatedList } from './related-list';
import { articleJsonLd } from './structured-data';

interface SectionItem {
  id: string;
  title: string;
  description: string;
  path: string;
  category: CollectionCategory;
  relatedIds: string[];
}

/** What sets a section with categories (media, stories) apart; its pages are otherwise built alike. */
export interface SectionDefinition<Item extends SectionItem> {
  load: () => CategorizedCollection<Item>;
  text: SectionText;
  /** The line at the foot of an item's card. */
  cardMeta: (item: Item) => string;
  /** What a card shows between its description and its foot line. */
  cardDetails?: (item: Item) => ReactNode;
  /** The item as its metadata and its structured data describe it. */
  page: (item: Item) => CollectionPage & { article: ArticleFacts };
  /** Author, dates and reading time under the item's title. */
  entryMeta: (item: Item) => ReactNode;
  /** The item's page under its intro. */
  body: (item: Item) => ReactNode;
  relatedHeading: string;
}

/**
 * The routes of a section with categories: its list pages (whole and by category) and its items'
 * pages, each with their static params and metadata.
 */
export function categorizedSectionPages<Item extends SectionItem>(definition: SectionDefinition<Item>) {
  const { load, text } = definition;

  function itemOrNotFound(id: string): Item {
    return findItem(load(), id) ?? notFound();
  }

  function Card({ item, headingLevel, showCategory = true }: { item: Item; headingLevel?: 2 | 3; showCategory?: boolean }) {
    return (
      <EntryCard
        href={item.path}
        title={item.title}
        description={item.description}
        eyebrow={showCategory ? item.category.label : undefined}
        meta={definition.cardMeta(item)}
        headingLevel={headingLevel}
      >
        {definition.cardDetails?.(item)}
      </EntryCard>
    );
  }

  function List({ categorySlug }: { categorySlug?: string }) {
    return (
      <CategorizedListing
        section={load()}
        text={text}
        categorySlug={categorySlug}
        renderCard={(item, inCategory) => <Card item={item} showCategory={!inCategory} />}
      />
    );
  }

  /** An item's page; also the console's preview of an unpublished version (`item` not in the section). */
  function ItemPage({ item }: { item: Item }) {
    const section = load();
    const related = relatedItems(section, item);
    return (
      <div className="mx-auto max-w-6xl px-4 py-10">
        <article className="mx-auto max-w-3xl">
          <JsonLd data={articleJsonLd(definition.page(item))} />
          <Breadcrumbs
            trail={[
              { label: text.title, href: section.path },
              { label: item.category.label, href: item.category.path },
              { label: item.title, href: item.path },
            ]}
          />
          <PageIntro eyebrow={<a href={item.category.path}>{item.category.label}</a>} title={item.title} description={item.description}>
            {definition.entryMeta(item)}
          </PageIntro>
          {definition.body(item)}
        </article>
        <RelatedList heading={definition.relatedHeading} items={related} renderCard={(other) => <Card item={other} headingLevel={3} />} />
      </div>
    );
  }

  function ItemView({ id }: { id: string }) {
    return <ItemPage item={itemOrNotFound(id)} />;
  }

  return {
    categoryParams: () => load().categories.map((category) => ({ category: category.slug })),
    itemParams: () => load().items.map((item) => ({ id: item.id })),
    listMetadata: (categorySlug?: string) => listingMetadata(load(), text, categorySlug),
    itemMetadata: (id: string) => collectionMetadata(definition.page(itemOrNotFound(id))),
    List,
    ItemView,
    ItemPage,
  };
}
