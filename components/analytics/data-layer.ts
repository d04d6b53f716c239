/**
 * The tag manager's data layer. Events pushed before the tag manager loads are queued in the
 * same array, which GTM reads when it starts, so nothing is lost to lazy loading.
 */
export interface DataLayerEvent {
  event: string;
  [key: string]: unknown;
}

export function pushDataLayer(event: DataLayerEvent): void {
  if (typeof window === 'undefined') return;
  const host = window as unknown as { dataLayer?: unknown[] };
  (host.dataLayer ??= []).push(event);
}
