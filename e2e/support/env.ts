/**
 * Where the end-to-end stack lives. One place for the ports, the build folder and the environment that
 * both the build (NEXT_PUBLIC_* values are inlined at build time) and `next start` get.
 * E2E_PORT lets two checkouts (or two engineers) run the suite side by side; the fake GetCourse listens
 * 1000 above it unless E2E_FAKE_GETCOURSE_PORT says where (a machine whose free ports lie in one range).
 */
import path from 'node:path';

export const e2ePort = Number(process.env.E2E_PORT ?? 3200);
export const fakeGetCoursePort = Number(process.env.E2E_FAKE_GETCOURSE_PORT || e2ePort + 1000);
/** The fake Telegram of the lead-alert bot: a port of this run's range. */
export const fakeTelegramPort = e2ePort + 1;
/** The fake tag manager's HTTPS server (e2e/support/fake-tag-manager.ts): a port of this run's range. */
export const fakeTagManagerPort = e2ePort + 2;
export const e2eBaseUrl = `http://127.0.0.1:${e2ePort}`;
export const fakeGetCourseUrl = `http://127.0.0.1:${fakeGetCoursePort}`;
export const fakeTelegramUrl = `http://127.0.0.1:${fakeTelegramPort}`;

/**
 * The lead-alert bot of the stack's server, at the fake Telegram (tests/support/fake-telegram.ts), which
 * the stack starts. Given to `next start` only, not in e2eEnv(): the build needs no bot, and the system
 * tests (which run with e2eEnv()) start fakes of their own.
 */
export const e2eTelegramEnv = { TELEGRAM_BOT_TOKEN: '424242:e2e-bot-token', TELEGRAM_API_URL: fakeTelegramUrl, LEAD_ALERT_TIMEOUT_MS: '3000' } as const;
/**
 * The stack's server reads the running page tests every second (30 s as deployed): a test started in the
 * console is served within a second, where a spec waited up to 30 s for it (e2e/page-tests.spec.ts). How
 * soon every instance follows, within the bound, is the system tests' (tests/system/page-test-instances).
 * Given to `next start` only, like the bot: the system tests run with e2eEnv() and keep the deployed value.
 */
export const e2ePageTestsEnv = { PAGE_TESTS_REFRESH_MS: '1000' } as const;
export const e2eDistDir = process.env.NEXT_DIST_DIR || '.next-e2e';
export const e2eDatabasePath = path.resolve('data', `e2e-${e2ePort}.db`);

/** The secret path segment of the gift pop-up page in the test build. */
export const e2eGiftPopupToken = 'gift-e2e';

/** The bearer token of the stack's /api/metrics. */
export const e2eMetricsToken = 'e2e-metrics-token-0123456789';

/** GetCourse's payment callback secret of the test stack (e2e/campaigns.spec.ts calls as GetCourse does). */
export const e2eCallbackSecret = 'e2e-callback-secret-0123456789abcdef';

export function e2eEnv(): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'production',
    NEXT_TELEMETRY_DISABLED: '1',
    NEXT_DIST_DIR: e2eDistDir,
    // The deployed artefact: the deploy test runs its standalone server.js (as deploy/site@.service does)
    // and system tests run its bundled CLI tools (cli/*.mjs) away from the checkout.
    NEXT_OUTPUT: 'standalone',
    // SIGTERM is the site's graceful stop, as with `npm start` and the units.
    NEXT_MANUAL_SIG_HANDLE: 'true',
    // Answers as an instance behind nginx does, uncompressed (next.config.ts says why).
    NEXT_COMPRESS: 'off',
    PORT: String(e2ePort),
    SITE_URL: e2eBaseUrl,
    SQLITE_PATH: e2eDatabasePath,
    DATABASE_URL: '',
    GETCOURSE_ACCOUNT: 'e2e',
    GETCOURSE_API_KEY: 'e2e-secret-key',
    GETCOURSE_BASE_URL: fakeGetCourseUrl,
    GETCOURSE_CALLBACK_SECRET: e2eCallbackSecret,
    OUTBOX_POLL_MS: '200',
    // The tests' autopilot looks every second: its spec watches it propose, start and stop tests.
    AUTOPILOT_EVERY_MS: '1000',
    // Parallel tests share one client address and some share an e-mail: the limits have tests of their own.
    RATE_LIMIT_PER_MINUTE: '10000',
    RATE_LIMIT_PER_EMAIL_PER_HOUR: '10000',
    LEAD_PRESSURE_PER_MINUTE: '10000',
    // Tests share addresses, networks and e-mail templates: the held leads have tests of their own.
    LEAD_HOLD_PER_ADDRESS: '10000',
    LEAD_HOLD_PER_NETWORK: '10000',
    NEXT_PUBLIC_GETCOURSE_FORMS_ORIGIN: fakeGetCourseUrl,
    NEXT_PUBLIC_GEO_URL: `${fakeGetCourseUrl}/geo`,
    NEXT_PUBLIC_GTM_ID: 'GTM-E2ETEST',
    GIFT_POPUP_TOKEN: e2eGiftPopupToken,
    // GET /api/metrics of the stack (e2e/vitals.spec.ts reads the field vitals' histograms there).
    METRICS_TOKEN: e2eMetricsToken,
    // Test-only content (content/courses/fixtures.ts): the campaign landing of e2e/campaign-landing.spec.ts.
    CONTENT_FIXTURES: 'e2e',
  };
}

/**
 * A gift window that runs during the whole end-to-end run, seeded by the stack into the server's database
 * once it is up (gift 4, an ajax offer: the server takes its leads only while its window runs): tests that
 * need a running gift use the real schedule endpoint and the server's clock rather than a faked answer. It
 * runs from an hour before the stack started to six hours after.
 */
export const e2eRunningGift = { giftNumber: 4, before: 60 * 60 * 1000, after: 6 * 60 * 60 * 1000 };
