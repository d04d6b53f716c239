/**
 * The tag manager's container (spec 7, 9: a fixed container id). Set `NEXT_PUBLIC_GTM_ID` at build time;
 * the default is a placeholder that loads no one's tags.
 */
export const gtmContainerId = process.env.NEXT_PUBLIC_GTM_ID?.trim() || 'GTM-XXXXXXX';
