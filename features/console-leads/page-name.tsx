import { pageName } from '@/content/names';

/** The page a lead was sent from: its name, and its path beside in small type when the name is only its type's (an article). */
export function PageName({ path }: { path: string }) {
  if (!path) return <>—</>;
  const { name, exact } = pageName(path);
  if (exact) return <>{name}</>;
  return (
    <>
      {name} <span className="break-all text-xs text-gray-600">{path}</span>
    </>
  );
}
