/**
 * The tag manager's container (a fixed container id), set with `NEXT_PUBLIC_GTM_ID` at build
 * time. Without it no container loads at all (a public build refuses to start without it: see
 * server/production-settings.ts); the data layer still collects the events.
 */
export const gtmContainerId: string | null = process.env.NEXT_PUBLIC_GTM_ID?.trim() || null;
