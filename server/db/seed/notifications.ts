import { eq, sql } from "drizzle-orm";
import type { Db } from "../client";
import { inboxMessages, notifications, popups, users } from "../schema";

const HOUR = 3600_000;
/** The class the demo pop-up is for. */
const POPUP_DIVISION = 19;

/**
 * Notifications, messages, pop-ups and push (issue 11): the seed data. Returns true when it seeded (first start).
 * The demo pupil `eleve` gets a few notifications of each group (some seen) and two messages; the pupils of
 * Bac Sciences expérimentales a welcome pop-up; everything else is produced by the platform's own events.
 */
export async function seedNotifications(db: Db, now: Date, opts: { demo: boolean }): Promise<boolean> {
  if (!opts.demo) return false;
  const [done] = await db.select({ n: sql<number>`count(*)::int` }).from(popups);
  if (Number(done?.n ?? 0) > 0) return false;
  const [eleve] = await db.select({ id: users.id }).from(users).where(eq(users.email, "eleve@darsi.tn")).limit(1);
  // For one class only (Bac Sciences expérimentales, division 19): a pop-up for everyone would cover every screen the
  // other specs drive. A pop-up without a class (division_id null) is for every pupil.
  await db.insert(popups).values({
    name: "Bienvenue sur Darsi",
    body: "Les séances en direct de la semaine sont dans « En direct ». Activez les notifications pour ne rien manquer.",
    nameEn: "Welcome to Darsi",
    bodyEn: "This week's live sessions are under “Live”. Turn on notifications so you miss nothing.",
    nameAr: "مرحبًا بك في Darsi",
    bodyAr: "حصص الأسبوع المباشرة موجودة في «مباشر». فعّل الإشعارات حتى لا يفوتك شيء.",
    divisionId: POPUP_DIVISION,
  });
  if (!eleve) return true;
  const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * HOUR);
  const msgs = await db
    .insert(inboxMessages)
    .values([
      {
        userId: eleve.id,
        name: "Bienvenue dans votre messagerie",
        body: "Vous recevrez ici les messages de l'équipe Darsi : changements de planning, conseils de révision et réponses à vos demandes.",
        nameEn: "Welcome to your messages",
        bodyEn: "Here you will receive the Darsi team's messages: schedule changes, revision tips and answers to your requests.",
        nameAr: "مرحبًا بك في رسائلك",
        bodyAr: "ستصلك هنا رسائل فريق Darsi: تغييرات في البرنامج، نصائح للمراجعة وردود على طلباتك.",
        seen: true,
        createdAt: at(72),
      },
      {
        userId: eleve.id,
        name: "Bac blanc de mathématiques",
        body: "Le bac blanc de mathématiques aura lieu samedi à 9 h. Le sujet sera disponible dans l'onglet Examens de la matière.",
        nameEn: "Mathematics mock exam",
        bodyEn: "The mathematics mock exam takes place on Saturday at 9 am. The paper will be in the subject's Exams tab.",
        nameAr: "باكالوريا تجريبية في الرياضيات",
        bodyAr: "ستُجرى الباكالوريا التجريبية في الرياضيات يوم السبت على الساعة 9 صباحًا. سيكون الموضوع متاحًا في تبويب الامتحانات الخاص بالمادة.",
        createdAt: at(5),
      },
    ])
    .returning({ id: inboxMessages.id });
  // In the three languages, as the platform's own notifications (server/services/notifications/texts.ts); migration 0012
  // gives the same translations to a database seeded before it.
  await db.insert(notifications).values([
    {
      userId: eleve.id,
      category: "completeInformation",
      type: "welcome",
      title: "Bienvenue sur Darsi",
      body: "Complétez votre profil pour profiter de toutes les fonctionnalités.",
      titleEn: "Welcome to Darsi",
      bodyEn: "Complete your profile to enjoy every feature.",
      titleAr: "مرحبًا بك في Darsi",
      bodyAr: "أكمل ملفك الشخصي للاستفادة من جميع الميزات.",
      link: "/mon-profil",
      seen: true,
      createdAt: at(96),
    },
    {
      userId: eleve.id,
      category: "uploadNewContent",
      type: "new_content",
      title: "Nouveau cours",
      body: "Mathématiques : un nouveau cours sur les suites numériques est en ligne.",
      titleEn: "New lesson",
      bodyEn: "Mathematics: a new lesson on sequences is online.",
      titleAr: "درس جديد",
      bodyAr: "الرياضيات: درس جديد حول المتتاليات العددية متاح الآن.",
      link: "/subjects",
      createdAt: at(30),
    },
    {
      userId: eleve.id,
      category: "updateSession",
      type: "session_moved",
      title: "Séance déplacée",
      body: "La séance de physique de mercredi est déplacée à 18 h.",
      titleEn: "Session moved",
      bodyEn: "Wednesday's physics session has been moved to 6 p.m.",
      titleAr: "تغيير موعد حصة",
      bodyAr: "تم تغيير موعد حصة الفيزياء يوم الأربعاء إلى الساعة 18:00.",
      link: "/sessions",
      createdAt: at(8),
    },
    {
      userId: eleve.id,
      category: "completeInformation",
      type: "message",
      title: "Nouveau message",
      body: "Bac blanc de mathématiques",
      titleEn: "New message",
      bodyEn: "Mock baccalaureate in mathematics",
      titleAr: "رسالة جديدة",
      bodyAr: "البكالوريا التجريبية في الرياضيات",
      link: `/inbox/${msgs[1]!.id}`,
      createdAt: at(5),
    },
  ]);
  return true;
}
