/**
 * Referral abuse (issue 20 §8), checked in the transaction of the friend's purchase that used a gift code, after the
 * reward. A pupil's own code is refused earlier, when it is added (`discount_own_code`, services/offers/discount-codes.ts).
 * Nothing here refuses or holds anything: siblings share tablets and a family shares its network, so a suspicious use
 * is FLAGGED (`referral_flags`, one per kind per use) for the operator (`npm run admin -- referral-flags`), who can take
 * tokens back with `token-adjust`:
 * - `same_ip` / `same_device`: the purchase came from the IP address / the device (the app's device id,
 *   `X-Device-Id`: a User-Agent is shared by every phone of a model) of a session the code's owner opened within the last 72 hours (`REFERRAL_SAME_ORIGIN_HOURS`; sessions remember where they were opened from,
 *   migration 0018) — unless the two pupils are children of one parent (both linked to the same parent by approved
 *   parent requests), who are never flagged;
 * - `daily_rewards`: the referrer's rewards within the last 24 hours are more than `REFERRAL_DAILY_REWARDS_MAX` (5): the
 *   6th and every further one is flagged (the tokens are paid; the operator reviews).
 */
import { sql } from "drizzle-orm";
import { REFERRAL_DAILY_REWARDS_MAX, REFERRAL_SAME_ORIGIN_HOURS } from "../../../domain/referral";
import type { Tx } from "../../db/client";
import type { RequestOrigin } from "../../lib/auth";
import { selectRows } from "../../db/rows";
import { referralFlags } from "../../db/schema";


const HOUR_MS = 60 * 60 * 1000;

/** Flags the use `useId` of `referrerId`'s code by `friendId` when it looks like abuse (see the module's comment). */
export async function flagReferralUse(tx: Tx, p: { referrerId: number; friendId: number; useId: number; origin: RequestOrigin | null; now: Date }): Promise<void> {
  const flags: Array<{ kind: "same_ip" | "same_device" | "daily_rewards"; detail: string }> = [];
  const since = new Date(p.now.getTime() - REFERRAL_SAME_ORIGIN_HOURS * HOUR_MS);
  if (p.origin && (p.origin.ip || p.origin.device)) {
    const [row] = await selectRows<{ same_ip: boolean; same_device: boolean; siblings: boolean }>(
      tx,
      sql`select
          exists (select 1 from sessions s where s.user_id = ${p.referrerId} and s.created_at >= ${since} and s.ip = ${p.origin.ip}) as same_ip,
          exists (select 1 from sessions s where s.user_id = ${p.referrerId} and s.created_at >= ${since} and s.device = ${p.origin.device}) as same_device,
          exists (select 1 from parent_requests a join parent_requests b on b.parent_user_id = a.parent_user_id
                   where a.child_user_id = ${p.referrerId} and a.approved and b.child_user_id = ${p.friendId} and b.approved) as siblings`,
    );
    if (row && !row.siblings) {
      if (row.same_ip) flags.push({ kind: "same_ip", detail: `IP ${p.origin.ip}` });
      if (row.same_device) flags.push({ kind: "same_device", detail: `Appareil ${p.origin.device}` });
    }
  }
  const [day] = await selectRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from token_entries where user_id = ${p.referrerId} and reason = 'referral' and created_at >= now() - interval '24 hours'`,
  );
  const rewards = Number(day?.n ?? 0);
  if (rewards > REFERRAL_DAILY_REWARDS_MAX) flags.push({ kind: "daily_rewards", detail: `${rewards} parrainages en 24 h` });
  if (!flags.length) return;
  await tx
    .insert(referralFlags)
    .values(flags.map((f) => ({ kind: f.kind, referrerId: p.referrerId, friendId: p.friendId, discountUseId: p.useId, detail: f.detail.slice(0, 300), createdAt: p.now })))
    .onConflictDoNothing();
}
