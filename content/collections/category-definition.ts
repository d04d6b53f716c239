/** A category as its list declares it (a leaf: the lists and the loader both import it) (content/media/categories.ts, content/stories/categories.ts). */
export interface CategoryDefinition {
  slug: string;
  label: string;
  description: string;
}
