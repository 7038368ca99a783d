/**
 * The catalogue of offers (issue 9, SPEC §1/§3/§5): the seven plans named in SPEC §1, the packs 84, 115 and 119 (sold
 * per subject), the intensive course 102 (one period, no switch) and a free trial, sold to every class at its level's
 * price; the demo's discount codes (the influencer's SAMI10, platform coupons, Yasmine's referral code).
 *
 * Idempotent: runs only while `offers` is empty. Every amount is an integer of millimes (`tnd()`).
 */
import { and, eq, sql } from "drizzle-orm";
import { ceilToDinar, percentOf, tnd } from "../../../domain/money";
import type { OfferPeriod } from "../../../domain/offers";
import type { Db } from "../client";
import { affiliations, discountCodes, groupSubjects, offerDivisions, offerGroups, offerPrices, offers, offerSubjectDetails, subjects, users } from "../schema";
import { divisions as DIVISIONS } from "./data/tunisia";

type Level = "primary" | "basic" | "secondary" | "baccalaureate";
type Periods = Partial<Record<OfferPeriod, number>>;

interface OfferSeed {
  id: number;
  groupId: number;
  name: [fr: string, ar: string, en: string];
  description: [fr: string, ar: string, en: string];
  type: "primary" | "pack";
  color: string;
  position: number;
  isFree?: boolean;
  perSubject?: boolean;
  periodSwitch?: boolean;
  /** The year sold in this many instalments (1: at once). */
  slices?: number;
  /** Classes it is sold to (by level); all by default. */
  levels?: Level[];
  /** Whole dinars per period, per level (a per-subject offer: the price of all its subjects, when it has one). */
  prices?: Record<Level, Periods>;
  /** Per-subject offers: whole dinars per subject, per level; `subjects` = how many of the class's first subjects. */
  perSubjectPrice?: Record<Level, number>;
  subjects?: (level: Level, count: number) => number;
}

const dinars = (p: Periods): Periods => Object.fromEntries(Object.entries(p).map(([k, v]) => [k, tnd(v)]));

const OFFER_SEEDS: OfferSeed[] = [
  {
    id: 35, groupId: 35, type: "primary", color: "#F2C94C", position: 1, slices: 3,
    name: ["Gold", "ذهبي", "Gold"],
    description: ["Toutes les matières, les séances en direct et les examens corrigés", "كل المواد والحصص المباشرة والامتحانات المصلحة", "Every subject, live sessions and corrected exams"],
    prices: {
      primary: { day: 2, week: 9, month: 35, year: 290 },
      basic: { day: 3, week: 12, month: 45, year: 390 },
      secondary: { day: 3, week: 14, month: 55, year: 490 },
      baccalaureate: { day: 4, week: 17, month: 69, year: 590 },
    },
  },
  {
    id: 34, groupId: 34, type: "primary", color: "#868E96", position: 2, slices: 2,
    name: ["Silver+", "فضي+", "Silver+"],
    description: ["Les trois matières principales avec le forum", "المواد الأساسية الثلاث مع المنتدى", "The three main subjects, with the forum"],
    prices: {
      primary: { day: 2, week: 7, month: 28, year: 230 },
      basic: { day: 2, week: 10, month: 36, year: 310 },
      secondary: { day: 3, week: 11, month: 44, year: 390 },
      baccalaureate: { day: 3, week: 14, month: 55, year: 470 },
    },
  },
  {
    id: 33, groupId: 33, type: "primary", color: "#ADB5BD", position: 3,
    name: ["Silver", "فضي", "Silver"],
    description: ["Les deux matières principales", "المادتان الأساسيتان", "The two main subjects"],
    prices: {
      primary: { day: 1, week: 5, month: 21, year: 170 },
      basic: { day: 2, week: 7, month: 27, year: 230 },
      secondary: { day: 2, week: 8, month: 33, year: 290 },
      baccalaureate: { day: 2, week: 10, month: 41, year: 350 },
    },
  },
  {
    id: 36, groupId: 36, type: "primary", color: "#7048E8", position: 4,
    name: ["Excellent", "ممتاز", "Excellent"],
    description: ["Gold avec un suivi personnalisé chaque semaine", "الذهبي مع متابعة شخصية كل أسبوع", "Gold with a personal follow-up every week"],
    prices: {
      primary: { month: 45, year: 380 },
      basic: { month: 59, year: 510 },
      secondary: { month: 72, year: 640 },
      baccalaureate: { month: 89, year: 790 },
    },
  },
  {
    id: 80, groupId: 80, type: "primary", color: "#0CA678", position: 5,
    name: ["Optimum", "أوبتيموم", "Optimum"],
    description: ["Toutes les matières, au mois", "كل المواد، بالشهر", "Every subject, monthly"],
    // The year price is kept but never sold: "rest of the year" is not offered on offer 80 (SPEC §5).
    prices: {
      primary: { month: 32, year: 260 },
      basic: { month: 42, year: 350 },
      secondary: { month: 50, year: 440 },
      baccalaureate: { month: 62, year: 530 },
    },
  },
  {
    id: 37, groupId: 37, type: "primary", color: "#339AF0", position: 6,
    name: ["Standard", "عادي", "Standard"],
    description: ["Les deux matières principales, sans les séances en direct", "المادتان الأساسيتان بدون الحصص المباشرة", "The two main subjects, without live sessions"],
    prices: {
      primary: { month: 15, year: 120 },
      basic: { month: 19, year: 160 },
      secondary: { month: 23, year: 200 },
      baccalaureate: { month: 29, year: 250 },
    },
  },
  {
    id: 38, groupId: 38, type: "primary", color: "#E8590C", position: 7, slices: 3, levels: ["secondary", "baccalaureate"],
    name: ["Top 50", "توب 50", "Top 50"],
    description: ["Toutes les matières et la préparation intensive des meilleurs", "كل المواد مع التحضير المكثف للمتفوقين", "Every subject and the intensive track for top pupils"],
    prices: {
      primary: {},
      basic: {},
      secondary: { month: 79, year: 690 },
      baccalaureate: { month: 99, year: 850 },
    },
  },
  {
    id: 115, groupId: 115, type: "pack", color: "#D6336C", position: 8, perSubject: true,
    name: ["Pack 2-3 matières", "باقة 2-3 مواد", "2-3 subject pack"],
    description: ["Choisissez vos matières pour l'année : -10 % pour deux, jusqu'à -25 % pour trois", "اختر موادك للسنة: تخفيض 10% لمادتين وحتى 25% لثلاث", "Pick your subjects for the year: 10% off for two, up to 25% off for three"],
    perSubjectPrice: { primary: 90, basic: 120, secondary: 140, baccalaureate: 170 },
    // Three subjects in primary and basic classes, five later on.
    subjects: (level, count) => Math.min(count, level === "primary" || level === "basic" ? 3 : 5),
  },
  {
    id: 84, groupId: 84, type: "pack", color: "#1098AD", position: 9, perSubject: true,
    name: ["Pack matières", "باقة المواد", "Subject pack"],
    description: ["Les matières de votre choix, au mois : -25 % pour les quatre", "المواد التي تختارها بالشهر: تخفيض 25% على الأربع", "The subjects you choose, monthly: 25% off all four"],
    perSubjectPrice: { primary: 12, basic: 15, secondary: 18, baccalaureate: 22 },
    subjects: (_level, count) => Math.min(count, 4),
  },
  {
    id: 119, groupId: 119, type: "pack", color: "#F76707", position: 10, perSubject: true,
    name: ["Pack révision", "باقة المراجعة", "Revision pack"],
    description: ["Une semaine de révision par matière : -25 % pour toutes", "أسبوع مراجعة لكل مادة: تخفيض 25% على الكل", "A week of revision per subject: 25% off all of them"],
    perSubjectPrice: { primary: 3, basic: 4, secondary: 5, baccalaureate: 6 },
    subjects: (_level, count) => count,
  },
  {
    id: 102, groupId: 102, type: "pack", color: "#5C940D", position: 11, periodSwitch: false, levels: ["primary", "basic", "baccalaureate"],
    name: ["Stage intensif", "تربص مكثف", "Intensive course"],
    description: ["Une semaine de stage avant l'examen national, toutes les matières", "أسبوع تربص قبل الامتحان الوطني، كل المواد", "A week-long course before the national exam, every subject"],
    prices: { primary: { week: 25 }, basic: { week: 35 }, secondary: {}, baccalaureate: { week: 49 } },
  },
  {
    id: 104, groupId: 104, type: "primary", color: "#20C997", position: 12, isFree: true,
    name: ["Essai gratuit", "تجربة مجانية", "Free trial"],
    description: ["Sept jours pour découvrir toutes les matières", "سبعة أيام لاكتشاف كل المواد", "Seven days to discover every subject"],
  },
];

/** Class discounts of SPEC §3 ("infoDiscount"): a few, to show them. */
const CLASS_DISCOUNTS: Array<{ offerId: number; divisionIds: number[]; type: "percentage" | "fixed"; amount: number; onBasePrice: boolean }> = [
  { offerId: 34, divisionIds: [7, 12], type: "percentage", amount: 10, onBasePrice: false },
  { offerId: 36, divisionIds: [19, 20], type: "fixed", amount: tnd(5), onBasePrice: false },
  { offerId: 35, divisionIds: [1, 2, 3], type: "percentage", amount: 15, onBasePrice: true },
];

/** Groups new with the catalogue, and what they unlock (the others are seeded with the learning catalogue). */
const NEW_GROUPS = [{ id: 102, name: "Stage intensif", nameAr: "تربص مكثف", nameEn: "Intensive course" }];
const ALL_SUBJECTS_GROUPS = [38, 102, 104];

export async function seedOffers(db: Db, today: Date, opts: { demo: boolean }): Promise<boolean> {
  const [existing] = await db.select({ n: sql<number>`count(*)::int` }).from(offers);
  if ((existing?.n ?? 0) > 0) return false;
  const subjectRows = await db
    .select({ id: subjects.id, divisionId: subjects.divisionId })
    .from(subjects)
    .where(and(eq(subjects.active, true), eq(subjects.visible, true)))
    .orderBy(subjects.divisionId, subjects.position, subjects.id);
  const subjectsOf = new Map<number, number[]>();
  for (const s of subjectRows) subjectsOf.set(s.divisionId, [...(subjectsOf.get(s.divisionId) ?? []), s.id]);

  await db.transaction(async (tx) => {
    await tx.insert(offerGroups).values(NEW_GROUPS).onConflictDoNothing();
    for (const groupId of ALL_SUBJECTS_GROUPS) {
      const [has] = await tx.select({ n: sql<number>`count(*)::int` }).from(groupSubjects).where(eq(groupSubjects.groupId, groupId));
      if (!has?.n) await tx.insert(groupSubjects).values({ groupId, allSubjects: true });
    }
    await tx.insert(offers).values(
      OFFER_SEEDS.map((o) => ({
        id: o.id,
        groupId: o.groupId,
        name: o.name[0],
        nameAr: o.name[1],
        nameEn: o.name[2],
        type: o.type,
        color: o.color,
        description: o.description[0],
        descriptionAr: o.description[1],
        descriptionEn: o.description[2],
        position: o.position,
        isFree: o.isFree ?? false,
        perSubject: o.perSubject ?? false,
        periodSwitch: o.periodSwitch ?? true,
        slices: o.slices ?? 1,
      })),
    );
    for (const d of DIVISIONS) {
      const level = d.level as Level;
      for (const o of OFFER_SEEDS) {
        if (o.levels && !o.levels.includes(level)) continue;
        const classSubjects = subjectsOf.get(d.id) ?? [];
        if (o.perSubject && classSubjects.length < 2) continue;
        const discount = CLASS_DISCOUNTS.find((c) => c.offerId === o.id && c.divisionIds.includes(d.id));
        const [od] = await tx
          .insert(offerDivisions)
          .values({ offerId: o.id, divisionId: d.id, discountType: discount?.type ?? null, discountAmount: discount?.amount ?? null, onBasePrice: discount?.onBasePrice ?? false })
          .returning({ id: offerDivisions.id });
        const odId = od!.id;
        let prices: Periods;
        if (o.isFree) prices = { free: 0 };
        else if (o.perSubject) {
          const each = tnd(o.perSubjectPrice![level]);
          const chosen = classSubjects.slice(0, o.subjects!(level, classSubjects.length));
          await tx.insert(offerSubjectDetails).values(chosen.map((subjectId) => ({ offerDivisionId: odId, subjectId, price: each })));
          const all = each * chosen.length;
          // The period sold; offer 115's own price for all its subjects (the pack's best deal: 30 % off).
          if (o.id === 115) prices = { year: ceilToDinar(percentOf(all, 70)) };
          else prices = o.id === 84 ? { month: all } : { week: all };
        } else prices = dinars(o.prices![level]);
        const rows = Object.entries(prices).map(([period, price]) => ({ offerDivisionId: odId, period: period as OfferPeriod, price: price! }));
        if (rows.length) await tx.insert(offerPrices).values(rows);
      }
    }

    if (!opts.demo) return;
    const idOf = async (email: string) => (await tx.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1))[0]?.id;
    const eleve = await idOf("eleve@darsi.tn");
    const influencer = await idOf("influenceur@darsi.tn");
    // The Gold pupil's year: the offer division it was sold as.
    if (eleve) {
      const [gold] = await tx
        .select({ id: offerDivisions.id })
        .from(offerDivisions)
        .innerJoin(users, eq(users.divisionId, offerDivisions.divisionId))
        .where(and(eq(users.id, eleve), eq(offerDivisions.offerId, 35)));
      if (gold) await tx.update(affiliations).set({ offerDivisionId: gold.id }).where(and(eq(affiliations.userId, eleve), eq(affiliations.offerId, 35)));
    }
    if (influencer) {
      await tx.update(discountCodes).set({ kind: "influencer", type: "percentage", amount: 10, ownerSharePercent: 10 }).where(eq(discountCodes.code, "SAMI10"));
    }
    const day = 24 * 60 * 60 * 1000;
    const inAYear = new Date(today.getTime() + 365 * day);
    await tx
      .insert(discountCodes)
      .values([
        { userId: null, code: "RENTREE20", kind: "coupon", type: "percentage", amount: 20, maxUses: 200, expiredAt: inAYear },
        { userId: null, code: "BAC2027", kind: "coupon", type: "percentage", amount: 15, divisionIds: [18, 19, 20, 21, 22, 23], expiredAt: inAYear },
        { userId: null, code: "EXPIRE10", kind: "coupon", type: "percentage", amount: 10, expiredAt: new Date(today.getTime() - 30 * day) },
        { userId: null, code: "SEMAINE5", kind: "coupon", type: "percentage", amount: 5, periods: ["week"], expiredAt: inAYear },
        { userId: null, code: "DINAR2", kind: "coupon", type: "fixed", amount: tnd(2), maxUses: 500, expiredAt: inAYear },
        ...(eleve ? [{ userId: eleve, code: "CP-YASMINE", kind: "referral" as const, type: "percentage", amount: 5, ownerSharePercent: 5 }] : []),
      ])
      .onConflictDoNothing();
  });
  return true;
}
