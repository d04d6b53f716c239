/**
 * Brings this instance's live content (content/live/state.ts) up to date with the database at once,
 * after a console save or cancel, rather than at the poller's next look. Filled by the poller.
 */
export async function refreshLiveContent(): Promise<void> {}
