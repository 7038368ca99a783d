import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../client";
import { chapters, contents, helpVideos, parentRequests, subjects, users, videoReports, wallets } from "../schema";
import { hashPassword } from "../../lib/crypto";
import { DEMO_PASSWORD } from "./demo";

/** The local demo clips (server/media/videos, 30 s): the help videos play them, signed per viewer like lessons. */
const CLIPS = ["/media/videos/demo-1.mp4", "/media/videos/demo-2.mp4"];
const CLIP_SECONDS = 30;

const TOPICS = {
  start: { fr: "Premiers pas", en: "Getting started", ar: "الخطوات الأولى" },
  learn: { fr: "Cours et examens", en: "Lessons and exams", ar: "الدروس والامتحانات" },
  money: { fr: "Porte-monnaie et offres", en: "Wallet and offers", ar: "المحفظة والعروض" },
};

const VIDEOS: Array<{ topic: keyof typeof TOPICS; fr: string; en: string; ar: string; dfr: string; den: string; dar: string }> = [
  { topic: "start", fr: "Créer son compte et se connecter", en: "Create your account and sign in", ar: "إنشاء حساب وتسجيل الدخول", dfr: "L'inscription, le code de vérification et la connexion.", den: "Registration, the verification code and signing in.", dar: "التسجيل ورمز التحقق وتسجيل الدخول." },
  { topic: "start", fr: "Compléter son profil", en: "Complete your profile", ar: "إكمال الملف الشخصي", dfr: "Photo, téléphone, classe et adresse.", den: "Photo, phone, class and address.", dar: "الصورة والهاتف والقسم والعنوان." },
  { topic: "learn", fr: "Suivre une leçon vidéo", en: "Follow a video lesson", ar: "متابعة درس بالفيديو", dfr: "Lecture, progression, favoris et signalement.", den: "Playback, progress, bookmarks and reports.", dar: "التشغيل والتقدم والمفضلة والإبلاغ." },
  { topic: "learn", fr: "Passer un examen", en: "Take an exam", ar: "اجتياز امتحان", dfr: "Le minuteur et le dépôt du devoir.", den: "The timer and the homework upload.", dar: "المؤقت وإيداع الفرض." },
  { topic: "learn", fr: "Rejoindre une séance en direct", en: "Join a live session", ar: "الانضمام إلى حصة مباشرة", dfr: "Le calendrier de la semaine et le lien de la séance.", den: "The week's calendar and the session link.", dar: "رزنامة الأسبوع ورابط الحصة." },
  { topic: "money", fr: "Recharger son porte-monnaie", en: "Top up your wallet", ar: "شحن المحفظة", dfr: "Virement, D17 et paiement en ligne.", den: "Bank transfer, D17 and online payment.", dar: "التحويل البنكي وD17 والدفع عبر الإنترنت." },
  { topic: "money", fr: "Choisir une offre", en: "Choose an offer", ar: "اختيار عرض", dfr: "Périodes, matières et codes coupon.", den: "Periods, subjects and coupon codes.", dar: "الفترات والمواد ورموز التخفيض." },
];

/** A help video's poster: its topic's picture (server/media/public/posters, made by scripts/make-media.mjs). */
const posterOf = (topic: keyof typeof TOPICS) => `/media/public/posters/help-${topic}.svg`;

/** Parents, history, video reports and assistance (issue 12): the seed data. Returns true when it seeded (first start). */
export async function seedAccount(db: Db, now: Date, opts: { demo: boolean }): Promise<boolean> {
  const [existing] = await db.select({ n: sql<number>`count(*)::int` }).from(helpVideos);
  if ((existing?.n ?? 0) > 0) {
    // Seeded before the posters existed: the demo clips get their topic's poster (an operator's own poster is kept).
    for (const topic of Object.keys(TOPICS) as Array<keyof typeof TOPICS>) {
      await db
        .update(helpVideos)
        .set({ poster: posterOf(topic) })
        .where(and(isNull(helpVideos.poster), eq(helpVideos.topic, TOPICS[topic].fr), inArray(helpVideos.url, CLIPS)));
    }
    return false;
  }
  await db.transaction(async (tx) => {
    await tx.insert(helpVideos).values(
      VIDEOS.map((v, i) => ({
        topic: TOPICS[v.topic].fr,
        topicEn: TOPICS[v.topic].en,
        topicAr: TOPICS[v.topic].ar,
        title: v.fr,
        titleEn: v.en,
        titleAr: v.ar,
        description: v.dfr,
        descriptionEn: v.den,
        descriptionAr: v.dar,
        url: CLIPS[i % CLIPS.length]!,
        poster: posterOf(v.topic),
        duration: CLIP_SECONDS,
        position: i + 1,
      })),
    );
    if (!opts.demo) return;
    const [eleve] = await tx.select({ id: users.id, divisionId: users.divisionId }).from(users).where(eq(users.email, "eleve@darsi.tn"));
    if (!eleve) return;

    // A second family (SPEC §6 "a parent never sees another family's child"): a pupil of 7e année and her parent,
    // already linked (an approved request).
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    const base = { passwordHash, verified: true, completed: true, countryId: 1, stateId: 1 };
    const family = await tx
      .insert(users)
      .values([
        { ...base, userType: "student", name: "Amine", lastName: "Mansouri", email: "amine@darsi.tn", phone: "22000021", divisionId: 7, gender: "male", birthDate: "2012-02-11", parentPhone: "22000022" },
        { ...base, userType: "parent", name: "Hichem", lastName: "Mansouri", email: "parent2@darsi.tn", phone: "22000022", gender: "male", birthDate: "1975-09-30" },
      ])
      .onConflictDoNothing()
      .returning({ id: users.id, email: users.email });
    if (family.length === 2) {
      await tx.insert(wallets).values(family.map((u) => ({ ownerId: u.id, balance: 0, kind: "user" })));
      const child = family.find((u) => u.email === "amine@darsi.tn")!.id;
      const parent = family.find((u) => u.email === "parent2@darsi.tn")!.id;
      await tx.insert(parentRequests).values({ parentUserId: parent, childUserId: child, approved: true, createdAt: new Date(now.getTime() - 20 * 86_400_000) });
    }

    // Video reports of the Gold pupil on lessons of her class, one per status.
    const lessons = await tx
      .select({ id: contents.id })
      .from(contents)
      .innerJoin(chapters, eq(chapters.id, contents.chapterId))
      .innerJoin(subjects, eq(subjects.id, chapters.subjectId))
      .where(and(eq(subjects.divisionId, eleve.divisionId ?? 0), eq(chapters.type, "course")))
      .orderBy(asc(subjects.position), asc(chapters.position), asc(contents.position))
      .limit(4);
    if (lessons.length === 0) return;
    const day = 86_400_000;
    const reports = [
      { status: "Resolved", reasonId: 2, description: "Le son est coupé à partir de 2:10.", rejectReason: null, ago: 30 },
      { status: "Rejected", reasonId: 3, description: "La correction de l'exercice 3 me semble fausse.", rejectReason: "La correction est juste : revoir la propriété utilisée à 4:20.", ago: 21 },
      { status: "In progress", reasonId: 1, description: "La vidéo ne se lance pas sur mon téléphone.", rejectReason: null, ago: 9 },
      { status: "Pending", reasonId: 3, description: "Une erreur de signe dans l'exercice 2.", rejectReason: null, ago: 2 },
    ];
    await tx.insert(videoReports).values(
      reports.map((r, i) => ({
        userId: eleve.id,
        contentId: lessons[i % lessons.length]!.id,
        reasonId: r.reasonId,
        description: r.description,
        status: r.status,
        rejectReason: r.rejectReason,
        createdAt: new Date(now.getTime() - r.ago * day),
      })),
    );
  });
  return true;
}
