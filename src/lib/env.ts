/** Base URLs of the services the client talks to (DESIGN §1); override at build time with VITE_* variables. */
export const env = {
  apiBase: import.meta.env.VITE_API_BASE ?? "/api",
  progressBase: import.meta.env.VITE_PROGRESS_BASE ?? "/svc/progress",
  /** The progress service's `X-Api-Key` (identifies the web client, not a secret). */
  progressApiKey: import.meta.env.VITE_PROGRESS_API_KEY ?? "darsi-web-progress",
  analyticsBase: import.meta.env.VITE_ANALYTICS_BASE ?? "/svc/analytics",
  reviewsBase: import.meta.env.VITE_REVIEWS_BASE ?? "/svc/reviews",
  quizBase: import.meta.env.VITE_QUIZ_BASE ?? "/svc/quiz",
  notifyBase: import.meta.env.VITE_NOTIFY_BASE ?? "/svc/notify",
  buildId: import.meta.env.VITE_BUILD_ID ?? "dev",
} as const;
