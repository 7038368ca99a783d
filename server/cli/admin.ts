/**
 * Operator commands: `npm run admin -- <command> [args]`. Each asks the running server (same PORT, same DATA_DIR or
 * JWT_SECRET, authenticated by the key derived from the server secret) and, when none answers, opens the database
 * itself (PGlite allows one process at a time). Add a command to `COMMANDS`: its usage line, the admin route it
 * calls, the service verb for the direct path, and how it prints the result.
 */
import { createDeps, loadSecret } from "../boot";
import { loadEnv } from "../env";
import { publicUrl } from "../lib/public-url";
import type { Deps } from "../lib/deps";
import { adminCliKey } from "../routes/admin/admin-key";
import { createImpersonation } from "../services/auth/impersonation";
import { expirePassword } from "../services/auth/password";
import { refundPurchase } from "../services/offers/refund";
import type { LedgerCheckDto, RefundDto } from "../../domain/admin";
import { checkLedger } from "../services/wallet/ledger";
import { renewDue } from "../services/operator/subscriptions";
import { remindInstalments } from "../services/offers/instalments";
import { decideBankTopup } from "../services/wallet/topups";
import { setVideoReportStatus } from "../services/account/reports";
import type { VideoReportDto } from "../../domain/learning";
import { moveEvent } from "../services/events/move";
import type { MovedEventDto } from "../../domain/events";
import { AppError } from "../lib/errors";
import { announceContent, notifyDivision, notifyLogin } from "../services/notifications/operator";
import { decideMarksheet } from "../services/profile/marksheets";
import { GIFT_ORDER_STEPS, type GiftOrderStep, type GiftOrderStepDto, type ReferralFlagDto } from "../../domain/referral";
import { adjustTokens, listReferralFlags, setGiftStock, stepGiftOrder } from "../services/referral/operator";
import { TABLET_CHAPTERS_MAX, TABLET_IDLE_MINUTES, type ClassTabletChaptersDto, type TabletCodeDto, type TabletRevokedDto } from "../../domain/tablet";
import { createTabletCode, revokeTablet } from "../services/tablet/devices";
import { setClassTabletChapters } from "../services/tablet/chapters";

const env = loadEnv({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? "warn" });
const secret = loadSecret(env);

/** The command through the running server; null when no server answers. */
async function viaServer<T>(path: string, body: unknown): Promise<T | null> {
  let res: Response;
  try {
    res = await fetch(`http://127.0.0.1:${env.PORT}/api${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-admin-key": adminCliKey(secret) },
      body: JSON.stringify(body),
    });
  } catch {
    return null;
  }
  const json = (await res.json()) as { payload?: T; message?: string };
  if (!res.ok || json.payload === undefined) {
    console.error(`refused: ${json.message ?? res.status}`);
    process.exit(1);
  }
  return json.payload;
}

async function viaDatabase<T>(verb: (deps: Deps) => Promise<T>): Promise<T> {
  const deps = await createDeps(env);
  try {
    return await verb(deps);
  } finally {
    await deps.database.close();
  }
}

/** Through the server when one runs, else directly on the database. */
async function run<T>(path: string, body: unknown, verb: (deps: Deps) => Promise<T>): Promise<T> {
  return (await viaServer<T>(path, body)) ?? (await viaDatabase(verb));
}

/** A refusal of the direct database path (e.g. 409 topup_not_pending), printed like the server's. */
function refused(err: unknown): null {
  if (!(err instanceof AppError)) throw err;
  console.error(`refused: ${err.message}`);
  process.exitCode = 1;
  return null;
}

interface Command {
  usage: string;
  /** Runs the command with its arguments; returns the process exit code. */
  run(args: string[]): Promise<number>;
}

const COMMANDS: Record<string, Command> = {
  impersonate: {
    usage: "impersonate <phone|e-mail> [--admin <admin login>]   one-time /switch link (60 s)",
    async run([login, ...rest]) {
      if (!login) return usage();
      const adminIndex = rest.indexOf("--admin");
      const admin = adminIndex >= 0 ? rest[adminIndex + 1] : undefined;
      type Link = { token: string; adminId: number; userId: number; expiresAt: string | Date };
      const link = await run<Link>("/admin/impersonations", { login, admin }, (deps) => createImpersonation(deps, login, admin));
      const url = new URL(publicUrl(env, "/switch"));
      url.searchParams.set("token", link.token);
      url.searchParams.set("adminId", String(link.adminId));
      url.searchParams.set("userId", String(link.userId));
      console.log(url.toString());
      console.error(`single use, expires at ${new Date(link.expiresAt).toISOString()}`);
      return 0;
    },
  },
  "expire-password": {
    usage: "expire-password <phone|e-mail>                 next login must reset the password",
    async run([login]) {
      if (!login) return usage();
      const done = await run("/admin/expire-password", { login }, (deps) => expirePassword(deps, login));
      console.log(`password expired for user ${done.userId}: the next login goes through a reset`);
      return 0;
    },
  },
  "ledger-check": {
    usage: "ledger-check                                    every balance equals the sum of its ledger entries",
    async run() {
      const check = await run<LedgerCheckDto>("/admin/ledger-check", {}, (deps) => checkLedger(deps.db));
      console.log(
        `${check.wallets} wallets, ${check.entries} entries, sum of balances ${check.total} millimes: ` +
          (check.ok ? "OK" : "MISMATCH"),
      );
      for (const m of check.mismatched) console.log(`  wallet ${m.walletId}: balance ${m.balance} ≠ entries ${m.sum}`);
      for (const id of check.unbalancedMovements) console.log(`  movement ${id} does not sum to zero`);
      for (const id of check.negative) console.log(`  wallet ${id} is negative`);
      console.log(`${check.tokens.accounts} token accounts, ${check.tokens.entries} token entries: ${check.tokens.ok ? "OK" : "MISMATCH"}`);
      for (const m of check.tokens.mismatched) console.log(`  tokens of user ${m.userId}: balance ${m.balance} ≠ entries ${m.sum}, owed ${m.owed} ≠ entries ${m.owedSum}`);
      for (const id of check.tokens.conversionsAdrift) console.log(`  conversion ${id}: the tokens debited and the points credited do not match it`);
      for (const id of check.tokens.ordersAdrift) console.log(`  gift order ${id}: the tokens spent (or returned) do not match it`);
      return check.ok ? 0 : 1;
    },
  },
  "operator-renew": {
    usage: "operator-renew                                  charge the due operator subscriptions (once per period)",
    async run() {
      const done = await run<{ renewed: number; stopped: number; pending: number }>("/admin/operator-renew", {}, (deps) => renewDue(deps));
      console.log(`operator subscriptions: ${done.renewed} renewed, ${done.stopped} stopped (charge refused), ${done.pending} left pending (no answer from the operator: the next run settles them)`);
      return 0;
    },
  },
  "remind-instalments": {
    usage: "remind-instalments                              tell pupils whose next instalment is due within a week (once)",
    async run() {
      const done = await run<{ notified: number }>("/admin/remind-instalments", {}, (deps) => remindInstalments(deps));
      console.log(`instalments due: ${done.notified} pupil(s) notified`);
      return 0;
    },
  },
  "approve-topup": {
    usage: "approve-topup <id>                              credit a pending bank top-up (once)",
    async run([id]) {
      if (!id || !/^\d{1,10}$/.test(id)) return usage();
      type Topup = { id: number; amount: number; status: string };
      const t = await run<Topup>(`/admin/topups/${id}/approve`, {}, (deps) => decideBankTopup(deps, Number(id), "approved")).catch(refused);
      if (!t) return 1;
      console.log(`top-up ${t.id} ${t.status}: ${t.amount} millimes credited`);
      return 0;
    },
  },
  "refund-purchase": {
    usage: "refund-purchase <subscription id>                pay a purchase back to the pupil (once) and end it",
    async run([id]) {
      if (!id || !/^\d{1,10}$/.test(id)) return usage();
      const r = await run<RefundDto>(`/admin/affiliations/${id}/refund`, {}, (deps) => refundPurchase(deps, Number(id))).catch(refused);
      if (!r) return 1;
      console.log(`subscription ${r.affiliationId} refunded: ${r.refunded} millimes back to user ${r.userId}, ended on ${r.end_date}`);
      return 0;
    },
  },
  "reject-topup": {
    usage: "reject-topup <id>                               refuse a pending bank top-up (nothing credited)",
    async run([id]) {
      if (!id || !/^\d{1,10}$/.test(id)) return usage();
      type Topup = { id: number; amount: number; status: string };
      const t = await run<Topup>(`/admin/topups/${id}/reject`, {}, (deps) => decideBankTopup(deps, Number(id), "rejected")).catch(refused);
      if (!t) return 1;
      console.log(`top-up ${t.id} ${t.status}: nothing credited`);
      return 0;
    },
  },
  report: {
    usage: "report <id> pending|in-progress|rejected|resolved [reason]   set a video report's status (rejected needs a reason)",
    async run([id, word, ...reason]) {
      const STATUSES = { pending: "Pending", "in-progress": "In progress", rejected: "Rejected", resolved: "Resolved" } as const;
      if (!id || !/^\d{1,10}$/.test(id) || !word || !(word in STATUSES)) return usage();
      const status = STATUSES[word as keyof typeof STATUSES];
      const rejectReason = reason.join(" ").trim() || undefined;
      if (status === "Rejected" && !rejectReason) return usage();
      const body = { status, rejectReason };
      const r = await run<VideoReportDto>(`/admin/video-reports/${id}/status`, body, (deps) => setVideoReportStatus(deps, Number(id), body)).catch(refused);
      if (!r) return 1;
      console.log(`video report ${r.id}: ${r.status}${r.reject_reason ? ` (${r.reject_reason})` : ""}; the pupil is notified`);
      return 0;
    },
  },
  marksheet: {
    usage: "marksheet <id> approve|reject [reason]          decide a pupil's report card",
    async run([id, decision, ...reason]) {
      if (!id || !/^\d{1,10}$/.test(id) || (decision !== "approve" && decision !== "reject")) return usage();
      const text = reason.join(" ").trim() || null;
      type Decided = { id: number; status: string };
      const m = await run<Decided>(`/admin/marksheets/${id}/decision`, { decision, reason: text }, (deps) => decideMarksheet(deps, Number(id), decision, text)).catch(refused);
      if (!m) return 1;
      console.log(`report card ${m.id} ${m.status}`);
      return 0;
    },
  },
  "gift-order": {
    usage: "gift-order <id> approve|reject|ship|deliver [reason]   move a gift order (a rejection returns tokens and stock once)",
    async run([id, step, ...reason]) {
      if (!id || !/^\d{1,10}$/.test(id) || !step || !(step in GIFT_ORDER_STEPS)) return usage();
      const body = { step: step as GiftOrderStep, reason: reason.join(" ").trim() || null };
      const r = await run<GiftOrderStepDto>(`/admin/gift-orders/${id}/status`, body, (deps) => stepGiftOrder(deps, Number(id), body.step, body.reason)).catch(refused);
      if (!r) return 1;
      const returned = r.tokens_returned > 0 ? `, ${r.tokens_returned} tokens returned` : "";
      console.log(r.changed ? `gift order ${r.id} ${r.status}${returned}; the pupil is notified` : `gift order ${r.id} already ${r.status}: nothing changed`);
      return 0;
    },
  },
  "gift-stock": {
    usage: "gift-stock <gift id> <count>                    set a gift's stock",
    async run([id, count]) {
      if (!id || !/^\d{1,10}$/.test(id) || !count || !/^\d{1,7}$/.test(count)) return usage();
      type Stock = { id: number; stock: number };
      const r = await run<Stock>(`/admin/gifts/${id}/stock`, { stock: Number(count) }, (deps) => setGiftStock(deps, Number(id), Number(count))).catch(refused);
      if (!r) return 1;
      console.log(`gift ${r.id}: ${r.stock} in stock`);
      return 0;
    },
  },
  "token-adjust": {
    usage: "token-adjust <login> <±tokens> <reason>         an audited token adjustment (never below zero)",
    async run([login, tokens, ...reason]) {
      const text = reason.join(" ").trim();
      if (!login || !tokens || !/^[+-]?\d{1,7}$/.test(tokens) || Number(tokens) === 0 || !text) return usage();
      const body = { login, tokens: Number(tokens), reason: text };
      type Adjusted = { user_id: number; tokens: number; gift_point: number };
      const r = await run<Adjusted>("/admin/token-adjustments", body, (deps) => adjustTokens(deps, body)).catch(refused);
      if (!r) return 1;
      console.log(`user ${r.user_id}: ${r.tokens > 0 ? "+" : ""}${r.tokens} tokens, balance ${r.gift_point}`);
      return 0;
    },
  },
  "referral-flags": {
    usage: "referral-flags                                  gift-code uses flagged for review (same IP/device, too many a day)",
    async run() {
      const flags = await run<ReferralFlagDto[]>("/admin/referral-flags", {}, (deps) => listReferralFlags(deps)).catch(refused);
      if (!flags) return 1;
      if (!flags.length) console.log("no referral flag");
      for (const f of flags) {
        console.log(`#${f.id} ${f.created_at} ${f.kind}: ${f.referrer} (user ${f.referrer_id}) ← ${f.friend} (user ${f.friend_id}), use ${f.discount_use_id}: ${f.detail}`);
      }
      return 0;
    },
  },
  notify: {
    usage: "notify <login> <title> <body> [--link /route] [--category c] [--message] [--title-en t] [--body-en b] [--title-ar t] [--body-ar b]   a notification + push to one pupil",
    async run(args) {
      const o = notificationArgs(args);
      if (!o || o.positional.length !== 3) return usage();
      const [login, title, body] = o.positional as [string, string, string];
      type Done = { userId: number; notificationId: number | null; messageId: number | null; pushed: number };
      const input = { title, body, ...o.texts, link: o.link, category: o.category, message: o.message };
      const d = await run<Done>("/admin/notify", { login, ...input }, (deps) => notifyLogin(deps, login, input)).catch(refused);
      if (!d) return 1;
      console.log(d.notificationId ? `notification ${d.notificationId} for user ${d.userId}${d.messageId ? `, message ${d.messageId}` : ""}: ${d.pushed} push(es) sent` : `user ${d.userId} turned this category off: nothing sent`);
      return 0;
    },
  },
  "notify-class": {
    usage: "notify-class <division id|name> <title> <body> [--link /route] [--category c] [--title-en …]   the same to every pupil of a class",
    async run(args) {
      const o = notificationArgs(args);
      if (!o || o.positional.length !== 3) return usage();
      const [division, title, body] = o.positional as [string, string, string];
      type Done = { divisionId: number; notified: number; pushed: number };
      const input = { title, body, ...o.texts, link: o.link, category: o.category };
      const d = await run<Done>("/admin/notify-class", { division, ...input }, (deps) => notifyDivision(deps, division, input)).catch(refused);
      if (!d) return 1;
      console.log(`class ${d.divisionId}: ${d.notified} pupil(s) notified, ${d.pushed} push(es) sent`);
      return 0;
    },
  },
  "announce-content": {
    usage: "announce-content <content id>                   a new lesson or recording: its class's pupils are notified",
    async run([id]) {
      if (!id || !/^\d{1,10}$/.test(id)) return usage();
      type Done = { link: string; notified: number; pushed: number };
      const d = await run<Done>("/admin/announce-content", { contentId: Number(id) }, (deps) => announceContent(deps, Number(id))).catch(refused);
      if (!d) return 1;
      console.log(`${d.link}: ${d.notified} pupil(s) notified, ${d.pushed} push(es) sent`);
      return 0;
    },
  },
  "event-move": {
    usage: "event-move <event id> <new start, e.g. 2026-12-01T17:00+01:00>   move a live session and notify its pupils",
    async run([id, start]) {
      if (!id || !/^\d{1,10}$/.test(id) || !start || Number.isNaN(Date.parse(start))) return usage();
      const body = { id: Number(id), start };
      const r = await run<MovedEventDto>("/admin/events/move", body, (deps) => moveEvent(deps, { id: body.id, start: new Date(start) })).catch(refused);
      if (!r) return 1;
      console.log(`live session ${r.id} moved to ${r.start_time} – ${r.end_time}; ${r.notified} pupils notified`);
      return 0;
    },
  },
  "tablet-code": {
    usage: "tablet-code <class id|name> [--idle minutes]      one-time code (15 min) to type at /tablette: turns a device on (or off) as the class's tablet",
    async run(args) {
      const idleAt = args.indexOf("--idle");
      const idle = idleAt >= 0 ? args[idleAt + 1] : String(TABLET_IDLE_MINUTES);
      const division = args.filter((_, i) => idleAt < 0 || (i !== idleAt && i !== idleAt + 1)).join(" ").trim();
      if (!division || !idle || !/^\d{1,3}$/.test(idle) || Number(idle) < 1 || Number(idle) > 240) return usage();
      const body = { division, idle_minutes: Number(idle) };
      const r = await run<TabletCodeDto>("/admin/tablet-codes", body, (deps) => createTabletCode(deps, division, body.idle_minutes)).catch(refused);
      if (!r) return 1;
      console.log(r.code);
      console.error(`class ${r.division_id} (${r.division_name}), idle lock ${r.idle_minutes} min; type it at ${publicUrl(env, "/tablette")} — single use, expires at ${r.expires_at}`);
      return 0;
    },
  },
  "tablet-chapters": {
    usage: "tablet-chapters <class id|\"name\"> [chapter id…] the chapters the class's tablets keep offline (the whole list; none clears it)",
    async run(args) {
      // The class is the first argument (a name with spaces in quotes), then the chapters' ids in the order to show them.
      const [division, ...ids] = args;
      if (!division || ids.length > TABLET_CHAPTERS_MAX || ids.some((id) => !/^\d{1,9}$/.test(id)) || new Set(ids).size !== ids.length) return usage();
      const body = { division, chapters: ids.map(Number) };
      const r = await run<ClassTabletChaptersDto>("/admin/tablet-chapters", body, (deps) => setClassTabletChapters(deps, division, body.chapters)).catch(refused);
      if (!r) return 1;
      for (const c of r.chapters) console.log(`${c.id}\t${c.subject}/${c.chapter}`);
      console.error(`class ${r.division_id}: ${r.chapters.length} chapter(s) kept on its tablets`);
      return 0;
    },
  },
  "tablet-revoke": {
    usage: "tablet-revoke <tablet id>                       turn a class tablet off: its device credential stops working",
    async run([id]) {
      if (!id || !/^\d{1,10}$/.test(id)) return usage();
      const r = await run<TabletRevokedDto>(`/admin/tablets/${id}/revoke`, {}, (deps) => revokeTablet(deps, Number(id))).catch(refused);
      if (!r) return 1;
      console.log(`tablet ${r.id} revoked at ${r.revoked_at}`);
      return 0;
    },
  },
};

/** The translations the notify commands accept beside the French title and body. */
const TEXT_OPTIONS = { "--title-en": "titleEn", "--body-en": "bodyEn", "--title-ar": "titleAr", "--body-ar": "bodyAr" } as const;
type TextOption = keyof typeof TEXT_OPTIONS;

/**
 * `--link`, `--category`, `--message` and the translations (`--title-en`, `--body-en`, `--title-ar`, `--body-ar`) of
 * the notify commands, and the other arguments in order; null when an option misses its value.
 */
function notificationArgs(args: string[]) {
  const positional: string[] = [];
  let link: string | undefined;
  let category: string | undefined;
  let message = false;
  const texts: Partial<Record<(typeof TEXT_OPTIONS)[TextOption], string>> = {};
  for (let i = 0; i < args.length; i += 1) {
    const a = args[i]!;
    if (a === "--link" || a === "--category" || a in TEXT_OPTIONS) {
      const value = args[(i += 1)];
      if (value === undefined || value === "") return null;
      if (a === "--link") link = value;
      else if (a === "--category") category = value;
      else texts[TEXT_OPTIONS[a as TextOption]] = value;
    } else if (a === "--message") message = true;
    else positional.push(a);
  }
  return { positional, link, category, message, texts };
}

function usage(): number {
  console.error(Object.values(COMMANDS).map((c, i) => `${i === 0 ? "usage:" : "      "} npm run admin -- ${c.usage}`).join("\n"));
  return 2;
}

const [name, ...args] = process.argv.slice(2);
const command = name ? COMMANDS[name] : undefined;
process.exitCode = command ? await command.run(args) : usage();
