/** The selection moved to lib/popups/targeting.ts (the console's checks use it too); kept for its importers. */
export * from '@/lib/popups/targeting';
