/**
 * Instalments due (SPEC §3 notification category `paySlice`): a pupil whose paid instalments end within a week, with
 * instalments of the plan left to pay, is told once per payment — in the same transaction that marks the payment as
 * notified, so a retry never tells twice. Run by an operator (`npm run admin -- remind-instalments`) or a scheduler.
 */
import { and, eq, gte, isNotNull, isNull, lte, sql } from "drizzle-orm";
import { affiliations, offers } from "../../db/schema";
import type { Deps } from "../../lib/deps";
import { notify } from "../notifications/notify";
import { instalmentDue } from "../notifications/texts";
import { addDays, tunisDay } from "../../../domain/days";

/** How many days before the paid instalments end the pupil is told. */
const INSTALMENT_NOTICE_DAYS = 7;

export async function remindInstalments(deps: Pick<Deps, "db" | "now">): Promise<{ notified: number }> {
  const today = tunisDay(deps.now());
  return deps.db.transaction(async (tx) => {
    const due = await tx
      .select({ id: affiliations.id, userId: affiliations.userId, endDate: affiliations.endDate, paid: sql<number>`${affiliations.sliceIndex} + ${affiliations.sliceCount}`, slices: offers.slices, name: offers.name, nameEn: offers.nameEn, nameAr: offers.nameAr })
      .from(affiliations)
      .innerJoin(offers, eq(offers.id, affiliations.offerId))
      .where(
        and(
          isNotNull(affiliations.sliceIndex),
          isNull(affiliations.refundedAt),
          isNull(affiliations.dueNotifiedAt),
          gte(affiliations.endDate, today),
          lte(affiliations.endDate, addDays(today, INSTALMENT_NOTICE_DAYS)),
          sql`${affiliations.sliceIndex} + ${affiliations.sliceCount} < ${offers.slices}`,
          // Not when a later instalment of the same plan is already paid.
          sql`not exists (select 1 from affiliations later where later.user_id = ${affiliations.userId} and later.offer_id = ${affiliations.offerId}
                and later.plan_start = ${affiliations.planStart} and later.refunded_at is null and later.slice_index > ${affiliations.sliceIndex})`,
        ),
      )
      .for("update", { of: affiliations, skipLocked: true });
    for (const row of due) {
      await notify(tx, {
        userId: row.userId,
        category: "paySlice",
        type: "instalment_due",
        texts: instalmentDue({ next: Number(row.paid) + 1, of: row.slices, offer: { fr: row.name, en: row.nameEn, ar: row.nameAr }, dueBefore: addDays(row.endDate, 1) }),
        link: "/offres",
      });
      await tx.update(affiliations).set({ dueNotifiedAt: deps.now() }).where(eq(affiliations.id, row.id));
    }
    return { notified: due.length };
  });
}
