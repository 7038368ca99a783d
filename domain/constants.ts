/** Business constants of SPEC §9, shared by the client, the service worker and the server. */

export const LOCALES = ["fr", "en", "ar"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "fr";
export const RTL_LOCALES: readonly Locale[] = ["ar"];

export const TIMEZONE = "Africa/Tunis";

export const CACHE_TTL_MS = 3 * 60 * 60 * 1000;
export const NOTIFICATIONS_PAGE_SIZE = 24;
export const TOAST_MS = 3000;
export const RATING_TOAST_MS = 6000;
export const MAX_TOASTS = 12;

export const COMPLETION_THRESHOLD = 80;
export const PROGRESS_POST_EVERY_S = 50;
export const PROGRESS_SOCKET_EVERY_S = 5;

export const NAME_MIN = 2;
export const NAME_MAX = 25;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 16;
export const VERIFICATION_CODE_LENGTH = 6;
/** Birth dates must be strictly before this day (age at least 5). */
export const BIRTH_DATE_BEFORE = "2018-05-16";

export const CODE_TTL_MS = 10 * 60 * 1000;
export const CODE_MAX_TRIES = 5;
export const IMPERSONATION_TTL_MS = 60 * 1000;

export const TOPUP_MAX = 9999;
export const TRANSFER_MIN = 10;
export const TRANSFER_MAX = 5000;

export const TUNISIA_COUNTRY_ID = 1;

export const FOOTER_PHONE_WITH_OFFERS = "73.832.002";
export const FOOTER_PHONE_WITHOUT_OFFERS = "73.832.000";

export const GROUP = {
  operatorSilver: 33,
  searchDisabled: 104,
  profSon: [107, 112],
  allSubjects: [85, 122, 127],
  attachmentsRestricted: [83, 84],
} as const;

export const SEARCH_MIN_CHARS = 3;
export const PAGE_SIZES = [10, 25, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;

export const BREAKPOINT_MOBILE = 599;
export const BREAKPOINT_DESKTOP = 1199;
export const SIDEBAR_WIDTH = 280;
export const SIDEBAR_MINI_WIDTH = 80;

export const PAYMENT_RETURN_MARKERS = ["payment/success", "payment/echec", "digitalvirgo/success", "digitalvirgo/echec"] as const;
