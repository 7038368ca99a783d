/**
 * The referral programme's seed (issue 20): the gift catalogue (names and descriptions in fr/en/ar, prices in tokens,
 * stock, a cover and a gallery image each, served from /media/public/gifts) and, with the demo, the tokens of the
 * eligible pupils: `eleve@darsi.tn` (Gold for the year, code CP-YASMINE, 40 tokens left after three gift orders: one
 * delivered, one rejected — its tokens returned — and one pending) and `parrain@darsi.tn` (monthly Silver subscriber since
 * the school year began, no code yet, 0 tokens); `nouveau@darsi.tn` (no offer) is not eligible.
 *
 * The orders go through the service verbs the pupil and the operator use (cart, order, operator steps), so the token
 * ledger, the stock and the notifications are what they would be had Yasmine ordered them herself.
 */
import { eq, sql } from "drizzle-orm";
import { addDays, tunisDay } from "../../../domain/days";
import { schoolYearStart } from "../../../domain/referral";
import type { Db } from "../client";
import { affiliations, giftImages, gifts, users, wallets } from "../schema";
import { hashPassword } from "../../lib/crypto";
import type { DeliveryInput, GiftOrderStep } from "../../../domain/referral";
import { addGiftItem } from "../../services/referral/cart";
import { moveGiftOrder } from "../../services/referral/operator";
import { placeGiftOrder } from "../../services/referral/orders";
import { postTokens } from "../../services/referral/tokens";
import { DEMO_PASSWORD } from "./demo";

const GIFTS = [
  {
    slug: "casque",
    name: "Casque audio sans fil",
    nameEn: "Wireless headphones",
    nameAr: "سماعات لاسلكية",
    description:
      "Un casque léger pour suivre tes cours en vidéo sans déranger personne.",
    descriptionEn:
      "Light headphones to follow your video lessons without disturbing anyone.",
    descriptionAr: "سماعات خفيفة لمتابعة دروسك المصورة دون إزعاج أحد.",
    amount: 30,
    stock: 12,
  },
  {
    slug: "cle-usb",
    name: "Clé USB 32 Go",
    nameEn: "32 GB USB stick",
    nameAr: "مفتاح USB سعة 32 جيغابايت",
    description: "Pour garder tes fiches et tes exercices partout avec toi.",
    descriptionEn: "To keep your notes and exercises with you everywhere.",
    descriptionAr: "لتحمل ملخصاتك وتمارينك معك أينما ذهبت.",
    amount: 15,
    stock: 40,
  },
  {
    slug: "calculatrice",
    name: "Calculatrice scientifique",
    nameEn: "Scientific calculator",
    nameAr: "آلة حاسبة علمية",
    description:
      "La calculatrice autorisée aux examens, du collège au baccalauréat.",
    descriptionEn:
      "The calculator allowed in exams, from middle school to the baccalaureate.",
    descriptionAr:
      "الآلة الحاسبة المسموح بها في الامتحانات من الإعدادي إلى البكالوريا.",
    amount: 40,
    stock: 8,
  },
  {
    slug: "sac-a-dos",
    name: "Sac à dos Darsi",
    nameEn: "Darsi backpack",
    nameAr: "حقيبة ظهر دارسي",
    description: "Un sac solide avec une poche pour la tablette.",
    descriptionEn: "A sturdy bag with a pocket for the tablet.",
    descriptionAr: "حقيبة متينة بجيب للوحة الرقمية.",
    amount: 60,
    stock: 5,
  },
  {
    slug: "stylos",
    name: "Coffret de stylos",
    nameEn: "Pen set",
    nameAr: "علبة أقلام",
    description:
      "Douze stylos de couleur pour des fiches de révision lisibles.",
    descriptionEn: "Twelve coloured pens for clear revision notes.",
    descriptionAr: "اثنا عشر قلمًا ملونًا لملخصات مراجعة واضحة.",
    amount: 10,
    stock: 25,
  },
] as const;

/** Silver (offer and group 33): a primary plan sold by the month. */
const SILVER = 33;

/** Yasmine's welcome tokens: the 40 she holds once her demo orders are placed (15 + 10 spent, 30 returned). */
const WELCOME_TOKENS = 65;

/** Yasmine's demo orders, oldest first: the gift, how many days ago it was ordered, and the operator's steps since. */
const DEMO_ORDERS: Array<{
  slug: (typeof GIFTS)[number]["slug"];
  daysAgo: number;
  steps: Array<[GiftOrderStep, string | null]>;
}> = [
  {
    slug: "cle-usb",
    daysAgo: 21,
    steps: [
      ["approve", null],
      ["ship", null],
      ["deliver", null],
    ],
  },
  {
    slug: "casque",
    daysAgo: 9,
    steps: [["reject", "Rupture de stock chez le fournisseur"]],
  },
  { slug: "stylos", daysAgo: 2, steps: [] },
];

const DAY_MS = 24 * 60 * 60 * 1000;

/** Places and moves Yasmine's demo orders with the pupil's and the operator's verbs. */
async function seedDemoOrders(
  db: Db,
  now: Date,
  userId: number,
  giftIds: Map<string, number>,
): Promise<void> {
  const delivery: DeliveryInput = {
    name: "Yasmine Ben Salah",
    phone1: "22000001",
    phone2: "",
    email: "eleve@darsi.tn",
    state: 1,
    address: "12 rue de Marseille, appartement 3",
    postalCode: "1000",
    note: "Sonner deux fois",
  };
  for (const order of DEMO_ORDERS) {
    let at = new Date(now.getTime() - order.daysAgo * DAY_MS);
    const deps = { db, now: () => at };
    await addGiftItem(deps, userId, giftIds.get(order.slug)!);
    const placed = await placeGiftOrder(
      deps,
      { userId, adminId: null },
      delivery,
      undefined,
      "",
    );
    for (const [step, reason] of order.steps) {
      at = new Date(at.getTime() + DAY_MS);
      await db.transaction((tx) =>
        moveGiftOrder(tx, at, placed.result.order.id, step, reason),
      );
    }
  }
}

export async function seedReferral(
  db: Db,
  now: Date,
  opts: { demo: boolean },
): Promise<boolean> {
  const [existing] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(gifts);
  if ((existing?.n ?? 0) > 0) return false;
  const giftIds = new Map<string, number>();
  let eleveId: number | undefined;
  await db.transaction(async (tx) => {
    for (const { slug, ...gift } of GIFTS) {
      const [row] = await tx
        .insert(gifts)
        .values(gift)
        .returning({ id: gifts.id });
      giftIds.set(slug, row!.id);
      await tx.insert(giftImages).values([
        {
          giftId: row!.id,
          fileUrl: `/media/public/gifts/${slug}.svg`,
          isCover: true,
          position: 0,
        },
        {
          giftId: row!.id,
          fileUrl: `/media/public/gifts/${slug}-2.svg`,
          isCover: false,
          position: 1,
        },
      ]);
    }
    if (!opts.demo) return;
    const [eleve] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, "eleve@darsi.tn"))
      .limit(1);
    if (!eleve) return;
    eleveId = eleve.id;
    await postTokens(tx, {
      userId: eleve.id,
      amount: WELCOME_TOKENS,
      reason: "operator",
      ref: { type: "seed", id: "demo" },
      description: "Jetons de bienvenue du programme de parrainage",
    });

    // A monthly Silver subscriber since the first day of the school year, month after month up to today.
    const [parrain] = await tx
      .insert(users)
      .values({
        userType: "student",
        name: "Nour",
        lastName: "Haddad",
        email: "parrain@darsi.tn",
        phone: "22000006",
        passwordHash: await hashPassword(DEMO_PASSWORD),
        verified: true,
        completed: true,
        countryId: 1,
        stateId: 1,
        birthDate: "2009-05-03",
        divisionId: 18,
        gender: "female",
      })
      .returning({ id: users.id });
    await tx
      .insert(wallets)
      .values({ ownerId: parrain!.id, balance: 0, kind: "user" });
    const today = tunisDay(now);
    const months: Array<typeof affiliations.$inferInsert> = [];
    for (
      let start = schoolYearStart(today);
      start <= today;
      start = addDays(start, 30)
    ) {
      months.push({
        userId: parrain!.id,
        offerId: SILVER,
        groupId: SILVER,
        period: "month",
        startDate: start,
        endDate: addDays(start, 29),
        amountPaid: 69_000,
      });
    }
    await tx.insert(affiliations).values(months);
  });
  if (eleveId !== undefined) await seedDemoOrders(db, now, eleveId, giftIds);
  return true;
}
