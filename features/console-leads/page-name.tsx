import { pageName } from '@/content/names';
import { sitePages } from '@/server/site-pages';

/**
 * The page a lead was sent from: its name (a course, a landing by its campaign, an article by its title),
 * and its path beside in small type when the name is only its type's (a page the site no longer has).
 */
export async function PageName({ path }: { path: string }) {
  if (!path) return <>—</>;
  const { name, exact } = pageName(path, (await sitePages()).collectionNames);
  if (exact) return <>{name}</>;
  return (
    <>
      {name} <span className="break-all text-xs text-gray-600">{path}</span>
    </>
  );
}
