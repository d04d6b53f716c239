/** Reads what is in effect again after a console change, so this instance shows it at once: filled by the poller. */
export async function refreshLiveContent(): Promise<void> {}
