import type { Env } from "../env";
import type { RouteDef } from "../lib/route";
import adminExpirePassword from "./admin/expire-password";
import adminImpersonations from "./admin/impersonations";
import adminLedgerCheck from "./admin/ledger-check";
import adminRefundPurchase from "./admin/refund-purchase";
import adminOperatorRenew from "./admin/operator-renew";
import adminRemindInstalments from "./admin/remind-instalments";
import { adminApproveTopup, adminRejectTopup } from "./admin/topups";
import { offersRoutes } from "./offers";
import { examsRoutes } from "./exams";
import { eventsRoutes } from "./events";
import { notificationsRoutes } from "./notifications";
import { profileRoutes } from "./profile";
import { accountRoutes } from "./account";
import { operatorRoutes } from "./operator";
import { transfersRoutes } from "./transfers";
import { walletRoutes } from "./wallet";
import { referralRoutes } from "./referral";
import { tabletRoutes } from "./tablet";
import changePassword from "./auth/change-password";
import challenge from "./auth/challenge";
import confirmRegistration from "./auth/confirm-registration";
import loginCheck from "./auth/login-check";
import logout from "./auth/logout";
import me from "./auth/me";
import myProfile from "./auth/my-profile";
import register from "./auth/register";
import requestPassword, { requestPasswordGet } from "./auth/request-password";
import resendCode from "./auth/resend-code";
import resetPassword from "./auth/reset-password";
import switchSession from "./auth/switch";
import socialCallback from "./auth/social-callback";
import socialLink from "./auth/social-link";
import socialProviders from "./auth/social-providers";
import socialStart from "./auth/social-start";
import socialUnlink from "./auth/social-unlink";
import outbox from "./dev/outbox";
import alerts from "./learning/alerts";
import autocomplete from "./learning/autocomplete";
import bookmark from "./learning/bookmark";
import bookmarkedContents from "./learning/bookmarked-contents";
import chapterContents from "./learning/chapter-contents";
import createVideoReport from "./learning/create-video-report";
import freeContents from "./learning/free-contents";
import latestPosts from "./learning/latest-posts";
import latestRecordings from "./learning/latest-recordings";
import lesson from "./learning/lesson";
import newContents from "./learning/new-contents";
import offlineManifest from "./learning/offline-manifest";
import pubsCards from "./learning/pubs-cards";
import recordingContents from "./learning/recording-contents";
import reportReasons from "./learning/report-reasons";
import subjectChapters from "./learning/subject-chapters";
import subjects from "./learning/subjects";
import videoReports from "./learning/video-reports";
import countries from "./reference/countries";
import delegations from "./reference/delegations";
import divisions from "./reference/divisions";
import editDivisionReasons from "./reference/edit-division-reasons";
import institutes from "./reference/institutes";
import optionalSubjects from "./reference/optional-subjects";
import states from "./reference/states";
import config from "./system/config";
import postProgress from "./progress/post-progress";
import progressActivity from "./progress/activity";
import childActivity from "./parents/child-activity";
import quizLogin from "./quiz/login";
import quiz from "./quiz/quiz";
import quizAttempt from "./quiz/attempt";
import analyticsReactions from "./analytics/reactions";
import analyticsSetReaction from "./analytics/set-reaction";
import analyticsViews from "./analytics/views";

/** Every operation of the product API, mounted under /api and described in /api/openapi.json. */
export function apiRoutes(env: Env): RouteDef[] {
  return [
    config,
    challenge,
    loginCheck,
    socialProviders,
    socialStart,
    socialLink,
    socialCallback,
    socialUnlink,
    register,
    me,
    myProfile,
    logout,
    confirmRegistration,
    resendCode,
    requestPassword,
    requestPasswordGet,
    resetPassword,
    changePassword,
    switchSession,
    adminImpersonations,
    adminExpirePassword,
    adminLedgerCheck,
    adminRefundPurchase,
    adminOperatorRenew,
    adminRemindInstalments,
    adminApproveTopup,
    adminRejectTopup,
    countries,
    states,
    delegations,
    institutes,
    divisions,
    editDivisionReasons,
    optionalSubjects,
    subjects,
    subjectChapters,
    chapterContents,
    lesson,
    offlineManifest,
    recordingContents,
    bookmark,
    bookmarkedContents,
    freeContents,
    newContents,
    pubsCards,
    latestRecordings,
    latestPosts,
    alerts,
    autocomplete,
    reportReasons,
    videoReports,
    createVideoReport,
    postProgress,
    progressActivity,
    childActivity,
    quizLogin,
    quiz,
    quizAttempt,
    analyticsReactions,
    analyticsSetReaction,
    analyticsViews,
    ...offersRoutes,
    ...walletRoutes,
    ...referralRoutes,
    ...tabletRoutes,
    ...transfersRoutes,
    ...operatorRoutes,
    ...examsRoutes,
    ...eventsRoutes,
    ...notificationsRoutes,
    ...profileRoutes,
    ...accountRoutes,
    ...(env.devOutbox ? [outbox] : []),
  ];
}
