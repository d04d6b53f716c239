/** The floor is built beside the site; its output stays in its own folder. */
const config = { poweredByHeader: false };
export default config;
