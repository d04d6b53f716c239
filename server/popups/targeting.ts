import { coursePageAt } from '@/content/courses';
import { normalizePath } from '@/lib/path-patterns';
import { selectPopup, type PageTargeting } from '@/lib/popups/targeting';

/**
 * Whether a pop-up targets the page at `path` (its include and exclude patterns, or the marker the page
 * declares, as the pop-up host chooses: lib/popups/targeting.ts), so that a beacon or a lead naming a
 * page the pop-up is never shown on counts nothing. The markers of a page come from its content, as the
 * page renders them.
 */
export function popupTargetsPath(popup: PageTargeting, path: string): boolean {
  const page = normalizePath(path);
  const marker = coursePageAt(page)?.variant?.popupMarker;
  return selectPopup({ path: page, markers: marker ? [marker] : [] }, [popup]) !== null;
}
