import { sql } from "drizzle-orm";
import { tunisDay } from "../../../domain/days";
import type { Db } from "../client";
import { affiliations, discountCodes, parentRequests, users, wallets } from "../schema";
import { hashPassword } from "../../lib/crypto";
import { PLATFORM_WALLETS, postMovement } from "../../services/wallet/ledger";

export const DEMO_PASSWORD = "Darsi#2026";

const BAC_MATH_DIVISION = 18;
const ARIANA = 1;

function yearBounds(today: Date) {
  // The Tunisian school year runs from September 15 to June 30.
  const [year, month] = tunisDay(today).split("-").map(Number) as [number, number];
  const y = month >= 9 ? year : year - 1;
  return { start: `${y}-09-15`, end: `${y + 1}-06-30` };
}

/** The five demo accounts of DESIGN §5 plus the operator account used for impersonation. */
export async function seedDemo(db: Db, today: Date): Promise<boolean> {
  const [existing] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  if ((existing?.n ?? 0) > 0) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const { start, end } = yearBounds(today);
  await db.transaction(async (tx) => {
    const base = {
      passwordHash,
      verified: true,
      completed: true,
      countryId: 1,
      stateId: ARIANA,
      birthDate: "2008-03-14",
    };
    const inserted = await tx
      .insert(users)
      .values([
        { ...base, userType: "student", name: "Yasmine", lastName: "Ben Salah", email: "eleve@darsi.tn", phone: "22000001", divisionId: BAC_MATH_DIVISION, gender: "female", parentPhone: "22000005" },
        { ...base, userType: "student", name: "Karim", lastName: "Trabelsi", email: "nouveau@darsi.tn", phone: "22000002", divisionId: 7, gender: "male", birthDate: "2010-11-02" },
        // A free viewer (free hours, no offer): 1 h 55 of 2 h used, so the free-hours bar and, soon, the dialog show.
        { ...base, userType: "student", name: "Rania", lastName: "Mejri", email: "essai@darsi.tn", phone: "22000040", divisionId: BAC_MATH_DIVISION, gender: "female", birthDate: "2009-02-11", freeHoursTotal: 7200, freeHoursUsed: 6900 },
        { ...base, userType: "influencer", name: "Sami", lastName: "Gharbi", email: "influenceur@darsi.tn", phone: "22000003", divisionId: BAC_MATH_DIVISION, gender: "male", birthDate: "2001-06-20" },
        { ...base, userType: "teacher", name: "Mounir", lastName: "Jlassi", email: "prof@darsi.tn", phone: "22000004", gender: "male", birthDate: "1980-01-09" },
        { ...base, userType: "parent", name: "Leila", lastName: "Ben Salah", email: "parent@darsi.tn", phone: "22000005", gender: "female", birthDate: "1979-04-27" },
        { ...base, userType: "admin", name: "Opérateur", lastName: "Darsi", email: "admin@darsi.tn", phone: null, countryId: null, stateId: null, birthDate: null },
      ])
      .returning({ id: users.id, email: users.email });
    const id = (email: string) => inserted.find((u) => u.email === email)!.id;
    const eleve = id("eleve@darsi.tn");

    await tx.insert(wallets).values(inserted.map((u) => ({ ownerId: u.id, balance: 0, kind: "user" })));
    // 120 points for the Gold pupil, topped up by bank transfer: one movement through the ledger.
    await postMovement(tx, { kind: "topup", from: PLATFORM_WALLETS.cashIn, to: eleve, amount: 120_000, description: "Recharge par virement bancaire" });

    await tx.insert(affiliations).values({ userId: eleve, offerId: 35, groupId: 35, period: "year", startDate: start, endDate: end, amountPaid: 690_000 });
    await tx.insert(discountCodes).values({ userId: id("influenceur@darsi.tn"), code: "SAMI10", type: "percentage", amount: 10 });
    await tx.insert(parentRequests).values({ parentUserId: id("parent@darsi.tn"), childUserId: eleve, approved: null });
  });
  return true;
}
