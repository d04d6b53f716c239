/** The h1 block of a collection page. */
export function PageIntro(props: { eyebrow?: React.ReactNode; title: string; description: string; children?: React.ReactNode }) {
  return (
    <header className="mt-6 max-w-3xl">
      {props.eyebrow && <p className="text-sm font-semibold text-brand-600">{props.eyebrow}</p>}
      <h1 className="mt-2 text-[1.75rem] font-bold leading-tight text-ink break-words hyphens-auto sm:text-3xl md:text-4xl">{props.title}</h1>
      <p className="mt-4 text-lg text-gray-600">{props.description}</p>
      {props.children}
    </header>
  );
}
