import { typography } from '@/lib/typography';

/** Questions and answers as native disclosures: they open by click or keyboard without any script. */
export function FaqList({ items }: { items: readonly { question: string; answer: string }[] }) {
  return (
    <div className="divide-y divide-gray-200 rounded-2xl border border-gray-200 bg-white">
      {items.map((item) => (
        <details key={item.question} className="group px-5 py-4 md:px-6">
          <summary className="flex cursor-pointer list-none items-start justify-between gap-4 text-lg font-semibold marker:hidden">
            <span>{typography(item.question)}</span>
            <span aria-hidden="true" className="mt-0.5 text-2xl leading-none text-brand-600 transition-transform group-open:rotate-45">
              +
            </span>
          </summary>
          <p className="mt-3 text-gray-700">{typography(item.answer)}</p>
        </details>
      ))}
    </div>
  );
}
