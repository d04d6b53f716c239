/**
 * What `import 'server-only'` loads in the Vitest tests (vitest.config.mts aliases the package here). The
 * package throws when imported outside React's server build, to keep a server module out of a browser
 * bundle; the build enforces that. A test imports server modules in Node, as the server does.
 */
export {};
