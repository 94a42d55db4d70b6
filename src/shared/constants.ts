/** Business constants of product §9, shared by the server and the web app. */

export const DEFAULT_SITE_NAME = 'RoboForge';

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 1024;

/** People cards cut longer bios to this many characters plus an ellipsis. */
export const BIO_PREVIEW_LENGTH = 150;
/** Project cards show this many build steps until the tutorial is expanded. */
export const STEP_PREVIEW_COUNT = 3;

export const USERNAME_MIN_LENGTH = 2;
export const USERNAME_MAX_LENGTH = 32;
export const BIO_MAX_LENGTH = 1000;

/** Club operations (product §6): pages of the administration lists, and an administrator's reason. */
export const ADMIN_MEMBERS_PAGE_SIZE = 25;
export const AUDIT_LOG_PAGE_SIZE = 50;
export const ADMIN_REASON_MAX_LENGTH = 500;
/** A password reset link works once, for this long. */
export const RESET_LINK_TTL_SECONDS = 3600;
/** The page a reset link opens; the token follows in the fragment (`#token=…`), never sent to a server by the browser. */
export const RESET_PASSWORD_PATH = '/reset-password';

const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = 'dark';
/** localStorage key of the theme preference (product §4). */
export const THEME_STORAGE_KEY = 'theme';

export const SOUND_VOLUMES = {
  hover: 0.3,
  click: 0.4,
  success: 0.35,
  error: 0.35,
  swoosh: 0.25,
  music: 0.15,
  /** The simulator's active buzzer (a tutorial's alarm), while it sounds. */
  buzzer: 0.1,
} as const;

/**
 * How long a client waits before asking again for a live stream the server refused (429: too many
 * from its address; 503: too many in all): the server's `Retry-After`, and the web client's delay.
 */
export const LIVE_STREAM_RETRY_AFTER_SECONDS = 15;

/**
 * Class mode (product §2 Classes, D16). A join code is read aloud in a classroom: 8 characters from
 * 30 that cannot be mistaken for one another (no 0/O, 1/I/L, 5/S), so 30^8 ≈ 6.6 × 10^11 codes, 39.2 bits.
 */
export const CLASS_CODE_ALPHABET = 'ABCDEFGHJKMNPQRTUVWXYZ23456789';
export const CLASS_CODE_LENGTH = 8;
/** The class's sign-in page: `/c/<code>`. */
export const CLASS_SIGN_IN_PATH = '/c';
export const CLASS_NAME_MAX_LENGTH = 60;
export const LEARNER_NAME_MAX_LENGTH = 40;
/** Learners added at once, and in one class. */
export const LEARNERS_PER_REQUEST = 60;
export const LEARNERS_PER_CLASS = 60;
/** A learner's secret: this many short, common words (the entropy is in docs/decisions/016). */
export const LEARNER_SECRET_WORDS = 3;
/** An archived class and its learners' data are deleted this many days after archiving, unless the operator sets another. */
export const DEFAULT_CLASS_RETENTION_DAYS = 365;
/** Wrong secrets per learner, and per class from one address, in a 15-minute window (product §9). */
export const LEARNER_FAILURES_PER_WINDOW = 10;
export const CLASS_FAILURES_PER_ADDRESS_PER_WINDOW = 60;
export const CLASS_FAILURE_WINDOW_SECONDS = 15 * 60;

/**
 * The trainer board's circuit name (issue 32): where a learner's own sketch on the playground's
 * trainer board runs (shared/content/circuits.ts). Here, without the circuits, so the sketches'
 * schemas do not pull every tutorial's wiring into each page.
 */
export const TRAINER_CIRCUIT = 'trainer';
