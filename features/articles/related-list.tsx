/** "Read next" cards under a detail page. */
export function RelatedList<Item extends { id: string }>(props: { heading: string; items: Item[]; renderCard: (item: Item) => React.ReactNode }) {
  if (props.items.length === 0) return null;
  return (
    <section aria-labelledby="related-heading" className="mt-16 border-t border-gray-200 pt-10">
      <h2 id="related-heading" className="text-2xl font-bold text-ink">
        {props.heading}
      </h2>
      <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {props.items.map((item) => (
          <li key={item.id}>{props.renderCard(item)}</li>
        ))}
      </ul>
    </section>
  );
}
