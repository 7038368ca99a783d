/**
 * The learning catalogue: subjects, chapters (course, recording, exam, divers), lessons of every content type,
 * which offer groups unlock which subjects, promo cards, alerts and report reasons; plus a little progress and
 * two bookmarks for the demo pupil so that the screens are not empty.
 *
 * Built from compact tables: Bac Mathématiques (division 18, the demo pupil's class) in detail, every other class
 * with 3–5 subjects of 2–3 chapters. Idempotent: does nothing when `subjects` already has rows.
 */
import { eq, sql, type SQL } from "drizzle-orm";
import type { PgInsertValue, PgTable } from "drizzle-orm/pg-core";
import { tunisDay, tunisMidnight } from "../../../domain/days";
import { CONTENT_TYPE, type ChapterType } from "../../../domain/learning";
import type { Db, Tx } from "../client";
import {
  alerts,
  attachments,
  bookmarks,
  chapterSections,
  chapterTabs,
  chapters,
  contents,
  groupSubjects,
  instructors,
  progress,
  promoCards,
  reportReasons,
  subjects,
  users,
} from "../schema";
import { ALERT_TEXTS, CARD_TEXTS, CHAPTER_TEXTS, INSTRUCTOR_DESCRIPTIONS, SUBJECT_EN } from "./catalogue-texts";
import { divisions as DIVISIONS } from "./data/tunisia";
import { seedForum } from "./forum";

const TABS = [
  { id: 1, name: "Cours", position: 1 },
  { id: 2, name: "Examens", position: 2 },
  { id: 3, name: "Enregistrements", position: 3 },
  { id: 4, name: "Divers", position: 4 },
] as const;
const TAB_OF: Record<ChapterType, number> = { course: 1, exam: 2, recording: 3, divers: 4 };

const REPORT_REASONS = [
  { id: 1, name: "Vidéo ne se lance pas", nameAr: "الفيديو لا يشتغل", nameEn: "The video does not start" },
  { id: 2, name: "Son inaudible", nameAr: "الصوت غير مسموع", nameEn: "The sound cannot be heard" },
  { id: 3, name: "Contenu erroné", nameAr: "محتوى خاطئ", nameEn: "Wrong content" },
  { id: 4, name: "Autre", nameAr: "سبب آخر", nameEn: "Other" },
];

/** Groups whose live offer unlocks every subject of the pupil's class (Gold, Optimum, Excellent, the all-subject groups). */
const ALL_SUBJECT_GROUPS = [35, 36, 80, 85, 122, 127];
/** Groups that unlock only the first subjects of each class (by position). */
const PARTIAL_GROUPS: Array<{ id: number; firstSubjects: number }> = [
  { id: 34, firstSubjects: 3 }, // Silver+: the three main subjects
  { id: 33, firstSubjects: 2 }, // Silver
  { id: 37, firstSubjects: 2 }, // Standard
  { id: 83, firstSubjects: 4 }, // Pack enregistrements (attachments restricted)
  { id: 84, firstSubjects: 4 }, // Pack matières (attachments restricted)
];

const INSTRUCTORS = [
  ["Mohamed", "Ben Ali", "Professeur principal de mathématiques, Lycée Pilote de l'Ariana"],
  ["Amel", "Trabelsi", "Inspectrice de mathématiques, 20 ans d'enseignement au bac"],
  ["Hichem", "Gharbi", "Professeur de sciences physiques, Lycée Bourguiba de Tunis"],
  ["Sonia", "Mejri", "Professeure agrégée de sciences de la vie et de la terre"],
  ["Walid", "Jaziri", "Professeur d'informatique et d'algorithmique"],
  ["Nadia", "Ben Amor", "Professeure de français, correctrice au bac"],
  ["Sami", "Karoui", "Professeur d'anglais, Lycée Khaznadar"],
  ["Faouzi", "Hammami", "أستاذ أول للغة العربية"],
  ["Rim", "Chebbi", "Professeure de philosophie, Lycée de la Rue du Pacha"],
  ["Anis", "Dridi", "Professeur de mathématiques du collège"],
  ["Ines", "Sassi", "Institutrice, spécialiste de l'éveil scientifique"],
  ["Karim", "Bouazizi", "Professeur d'économie et de gestion"],
  ["Leila", "Zouari", "Professeure d'histoire et géographie"],
  ["Tarek", "Mansouri", "Professeur de technologie"],
] as const;
/** Instructor (1-based index into INSTRUCTORS) of each subject key. */
const INSTRUCTOR_OF: Record<string, number> = {
  maths: 1, physique: 3, svt: 4, informatique: 5, francais: 6, anglais: 7, arabe: 8, philosophie: 9,
  eveil: 11, economie: 12, gestion: 12, histoire: 13, technique: 14,
};

/** YouTube lessons: embed URLs on the privacy-enhanced domain (the CSP allows its frames). */
const YOUTUBE = [
  "https://www.youtube-nocookie.com/embed/WUvTyaaNkzM",
  "https://www.youtube-nocookie.com/embed/9vKqVkMQHKk",
  "https://www.youtube-nocookie.com/embed/fNk_zzaMoSs",
];
const PROTECTED_VIDEOS = ["/media/videos/demo-1.mp4", "/media/videos/demo-2.mp4"];
/** Length of the demo clips of server/media/videos. */
const DEMO_CLIP_SECONDS = 30;

/**
 * Magazine pages: the demo flip-books made in the repository (server/media/magazines/<slug>/page-N.svg): Arabic
 * subjects read "al-balagha" (right to left), exam chapters the bac annals, every other one the course sheet.
 */
const MAGAZINES = {
  arabic: { slug: "al-balagha", pages: 5 },
  exam: { slug: "annales-bac-maths", pages: 4 },
  /** Course sheets of their own chapter (mathematics), by chapter slug. */
  chapters: {
    "limites-et-continuite": { slug: "limites-et-continuite", pages: 6 },
    derivabilite: { slug: "derivabilite", pages: 5 },
    "suites-reelles": { slug: "suites-reelles", pages: 5 },
  } as Record<string, { slug: string; pages: number }>,
  /** Every other course chapter: a method sheet that names no chapter, never another chapter's pages. */
  course: { slug: "fiche-methode", pages: 3 },
};
function magazinePages(subject: SubjectDef, chapter: { type: ChapterType; slug: string }): Array<{ url: string }> {
  const own = subject.slug === "mathematiques" ? MAGAZINES.chapters[chapter.slug] : undefined;
  const m = subject.rtl ? MAGAZINES.arabic : chapter.type === "exam" ? MAGAZINES.exam : (own ?? MAGAZINES.course);
  return Array.from({ length: m.pages }, (_, k) => ({ url: `/media/magazines/${m.slug}/page-${k + 1}.svg` }));
}

interface SubjectDef {
  slug: string;
  name: string;
  nameAr: string;
  /** English name (SUBJECT_EN). */
  nameEn: string;
  color: string;
  /** Arabic-language subject: magazines read right to left. */
  rtl?: boolean;
}

const SUBJECTS: Record<string, SubjectDef> = withEnglishNames({
  maths: { slug: "mathematiques", name: "Mathématiques", nameAr: "الرياضيات", color: "#3B5BDB" },
  physique: { slug: "physique", name: "Physique", nameAr: "العلوم الفيزيائية", color: "#E8590C" },
  svt: { slug: "sciences-de-la-vie-et-de-la-terre", name: "Sciences de la vie et de la terre", nameAr: "علوم الحياة والأرض", color: "#2F9E44" },
  informatique: { slug: "informatique", name: "Informatique", nameAr: "الإعلامية", color: "#1098AD" },
  francais: { slug: "francais", name: "Français", nameAr: "الفرنسية", color: "#C2255C" },
  anglais: { slug: "anglais", name: "Anglais", nameAr: "الإنجليزية", color: "#7048E8" },
  arabe: { slug: "arabe", name: "Arabe", nameAr: "العربية", color: "#5C940D", rtl: true },
  philosophie: { slug: "philosophie", name: "Philosophie", nameAr: "الفلسفة", color: "#862E9C" },
  eveil: { slug: "eveil-scientifique", name: "Éveil scientifique", nameAr: "الإيقاظ العلمي", color: "#37B24D" },
  economie: { slug: "economie", name: "Économie", nameAr: "الاقتصاد", color: "#F08C00" },
  gestion: { slug: "gestion", name: "Gestion", nameAr: "التصرف", color: "#D9480F" },
  histoire: { slug: "histoire-geographie", name: "Histoire-Géographie", nameAr: "التاريخ والجغرافيا", color: "#A61E4D" },
  technique: { slug: "technologie", name: "Technologie", nameAr: "التكنولوجيا", color: "#495057" },
});

function withEnglishNames(defs: Record<string, Omit<SubjectDef, "nameEn">>): Record<string, SubjectDef> {
  return Object.fromEntries(Object.entries(defs).map(([key, d]) => [key, { ...d, nameEn: SUBJECT_EN[key] ?? d.name }]));
}

/** A display text in the seed's own language (French, or Arabic for Arabic-taught subjects), Arabic and English. */
interface Texts {
  name: string;
  nameAr: string;
  nameEn: string;
}
const textsOf = (name: string): Texts => {
  const t = CHAPTER_TEXTS[name];
  return { name, nameAr: t?.[0] ?? name, nameEn: t?.[1] ?? name };
};
const zipTexts = (own: readonly string[], ar: readonly string[], en: readonly string[]): Texts[] =>
  own.map((name, i) => ({ name, nameAr: ar[i] ?? name, nameEn: en[i] ?? name }));

/** A chapter name, or [name, slug] when the name does not make a slug (Arabic). */
type ChapterName = string | readonly [string, string];

/** Bac Mathématiques (division 18): the course chapters of each subject, in programme order. */
const BAC_MATH: Array<{ key: keyof typeof SUBJECTS; courses: ChapterName[] }> = [
  { key: "maths", courses: ["Limites et continuité", "Dérivabilité", "Suites réelles", "Nombres complexes", "Fonction logarithme népérien", "Fonction exponentielle", "Intégrales", "Probabilités"] },
  { key: "physique", courses: ["Le condensateur et le dipôle RC", "La bobine et le dipôle RL", "Oscillations électriques libres", "Oscillations mécaniques", "Ondes mécaniques progressives", "Réactions nucléaires"] },
  { key: "svt", courses: ["Reproduction humaine", "Génétique humaine", "Génétique des populations", "Le système nerveux", "L'immunité"] },
  { key: "informatique", courses: ["Les structures de données", "Les sous-programmes", "Les algorithmes de tri", "Les algorithmes récurrents", "Les fichiers"] },
  { key: "francais", courses: ["L'argumentation", "Le roman et la nouvelle", "Le théâtre", "La poésie engagée"] },
  { key: "anglais", courses: ["Education matters", "Creative minds", "Holidaying", "Art shows"] },
  { key: "arabe", courses: [["الشعر الحديث", "le-poeme-moderne"], ["المسرح", "le-theatre"], ["الرواية", "le-roman"], ["فن المقالة", "l-essai"]] },
  { key: "philosophie", courses: ["La personne et autrui", "Le langage", "La science", "L'État et la politique"] },
];

type Level = "primary" | "basic" | "secondary" | "baccalaureate";
/** Two or three chapters per subject and school level, for every class other than Bac Mathématiques. */
const CHAPTERS_BY_LEVEL: Record<string, Partial<Record<Level, ChapterName[]>>> = {
  maths: {
    primary: ["Les nombres entiers", "Les fractions", "Périmètres et aires"],
    basic: ["Nombres rationnels", "Théorème de Thalès", "Équations et inéquations"],
    secondary: ["Fonctions affines", "Trigonométrie", "Produit scalaire"],
    baccalaureate: ["Limites et continuité", "Suites réelles", "Intégrales"],
  },
  physique: {
    basic: ["Le courant électrique", "La masse volumique"],
    secondary: ["Les forces", "L'énergie cinétique", "Le dipôle passif"],
    baccalaureate: ["Le condensateur et le dipôle RC", "Oscillations mécaniques", "Ondes mécaniques progressives"],
  },
  svt: {
    basic: ["La nutrition", "La respiration", "Les roches"],
    secondary: ["La cellule", "La photosynthèse", "La géologie de la Tunisie"],
    baccalaureate: ["Reproduction humaine", "Génétique humaine", "Le système nerveux"],
  },
  informatique: {
    secondary: ["Les bases de l'algorithmique", "Les structures conditionnelles", "Les structures itératives"],
    baccalaureate: ["Les structures de données", "Les algorithmes de tri", "Les bases de données"],
  },
  francais: {
    primary: ["La lecture", "La conjugaison", "La production écrite"],
    basic: ["Le récit", "Le texte descriptif", "La grammaire de la phrase"],
    secondary: ["La nouvelle réaliste", "Le texte argumentatif"],
    baccalaureate: ["L'argumentation", "Le roman et la nouvelle", "Le théâtre"],
  },
  anglais: {
    basic: ["Family and friends", "School life"],
    secondary: ["Holidaying", "Education matters"],
    baccalaureate: ["Education matters", "Creative minds"],
  },
  arabe: {
    primary: [["القراءة", "la-lecture"], ["قواعد اللغة", "la-grammaire"], ["الإنتاج الكتابي", "l-expression-ecrite"]],
    secondary: [["الشعر الجاهلي", "la-poesie-anteislamique"], ["المقامة", "la-maqama"]],
    baccalaureate: [["الشعر الحديث", "le-poeme-moderne"], ["المسرح", "le-theatre"], ["الرواية", "le-roman"]],
  },
  philosophie: {
    secondary: ["Qu'est-ce que la philosophie ?", "Le mythe et la raison"],
    baccalaureate: ["La personne et autrui", "Le langage", "La science"],
  },
  eveil: { primary: ["Les êtres vivants", "L'eau et ses états", "Le corps humain"] },
  economie: {
    secondary: ["L'activité économique", "La production", "La monnaie"],
    baccalaureate: ["La croissance économique", "Le commerce international", "Le développement durable"],
  },
  gestion: {
    secondary: ["L'entreprise et son environnement", "Le bilan"],
    baccalaureate: ["La gestion des approvisionnements", "La gestion commerciale", "Le financement"],
  },
  histoire: { baccalaureate: ["Le mouvement national tunisien", "La guerre froide", "Les espaces mondiaux"] },
  technique: {
    secondary: ["Le dessin technique", "Les systèmes automatisés"],
    baccalaureate: ["Les systèmes combinatoires", "Le grafcet", "La transmission de mouvement"],
  },
};

/** Subjects of every class other than 18, by position. */
const DIVISION_SUBJECTS: Record<number, Array<keyof typeof SUBJECTS>> = {
  1: ["maths", "francais", "arabe", "eveil"],
  2: ["maths", "francais", "arabe", "eveil"],
  3: ["maths", "francais", "arabe", "eveil"],
  4: ["maths", "svt", "physique", "francais", "anglais"],
  5: ["maths", "svt", "physique", "francais", "anglais"],
  6: ["maths", "svt", "physique", "francais", "anglais"],
  7: ["maths", "physique", "svt", "francais"],
  8: ["maths", "physique", "svt", "francais"],
  9: ["arabe", "francais", "anglais", "maths"],
  10: ["economie", "gestion", "maths", "francais"],
  11: ["maths", "informatique", "physique", "francais"],
  12: ["maths", "physique", "svt", "informatique"],
  13: ["svt", "physique", "maths", "francais"],
  14: ["economie", "gestion", "maths", "anglais"],
  15: ["arabe", "philosophie", "francais", "anglais"],
  16: ["technique", "maths", "physique", "francais"],
  17: ["informatique", "maths", "physique", "francais"],
  19: ["svt", "physique", "maths", "philosophie", "francais"],
  20: ["economie", "gestion", "maths", "philosophie"],
  21: ["arabe", "philosophie", "francais", "histoire"],
  22: ["technique", "maths", "physique", "francais"],
  23: ["informatique", "maths", "physique", "philosophie"],
};

function slugify(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80);
}

const chapterName = (c: ChapterName) => (typeof c === "string" ? c : c[0]);
const chapterSlug = (c: ChapterName) => (typeof c === "string" ? slugify(c) : c[1]);

/**
 * Course lessons in order: label (French, and Arabic for the subjects taught in Arabic), content type, section
 * (0 = cours, 1 = exercices). The slug stays the French one whatever the language.
 */
const COURSE_LESSONS: Array<{ label: string; labelAr: string; labelEn: string; slug: string; type: number; section: 0 | 1 }> = [
  { label: "Introduction et activités", labelAr: "تمهيد وأنشطة", labelEn: "Introduction and activities", slug: "introduction-et-activites", type: CONTENT_TYPE.youtube.id, section: 0 },
  { label: "Cours : définitions et propriétés", labelAr: "درس : المفاهيم والخصائص", labelEn: "Definitions and properties", slug: "cours-definitions-et-proprietes", type: CONTENT_TYPE.protectedVideo.id, section: 0 },
  { label: "Fiche de synthèse", labelAr: "بطاقة تأليفية", labelEn: "Summary sheet", slug: "fiche-de-synthese", type: CONTENT_TYPE.magazine.id, section: 0 },
  { label: "Exercices corrigés", labelAr: "تمارين مصلحة", labelEn: "Worked exercises", slug: "exercices-corriges", type: CONTENT_TYPE.protectedVideo.id, section: 1 },
  { label: "QCM d'auto-évaluation", labelAr: "اختبار تقييم ذاتي", labelEn: "Self-assessment quiz", slug: "qcm-d-auto-evaluation", type: CONTENT_TYPE.quiz.id, section: 1 },
  { label: "Exercice type bac", labelAr: "تمرين من نوع الباكالوريا", labelEn: "Bac-style exercise", slug: "exercice-type-bac", type: CONTENT_TYPE.youtube.id, section: 1 },
];

/**
 * Display names of the generated chapters, sections and lessons in the subject's teaching language: French, or
 * Modern Standard Arabic as in Tunisian schools for the subjects taught in Arabic (`rtl`). Names only — every
 * slug stays the French one.
 */
interface Labels {
  courseSections: string[];
  courseLesson: (chapter: string, lesson: (typeof COURSE_LESSONS)[number]) => string;
  recordingChapter: (subject: SubjectDef) => string;
  recordingSections: string[];
  recordingLesson: (n: number) => string;
  examChapter: string;
  examSections: string[];
  examPrincipal: (subject: SubjectDef) => string;
  examControl: (subject: SubjectDef) => string;
  examSynthesis: (subject: SubjectDef) => string;
  examQuiz: (subject: SubjectDef) => string;
  diversChapter: string;
  diversSections: string[];
  diversPrepare: (subject: SubjectDef) => string;
  diversMistakes: (subject: SubjectDef) => string;
}

const RECORDING_TOPICS = ["révision guidée", "exercices type bac", "questions des élèves"];
const RECORDING_TOPICS_AR = ["مراجعة موجهة", "تمارين من نوع الباكالوريا", "أسئلة التلاميذ"];
const RECORDING_TOPICS_EN = ["guided revision", "bac-style exercises", "pupils' questions"];

const LABELS: Record<"fr" | "ar" | "en", Labels> = {
  fr: {
    courseSections: ["Cours", "Exercices"],
    // "Fiche de synthèse" → "fiche de synthèse", but an acronym keeps its case ("QCM d'auto-évaluation").
    courseLesson: (chapter, { label }) => `${chapter} : ${/^\p{Lu}{2}/u.test(label) ? label : `${label.charAt(0).toLowerCase()}${label.slice(1)}`}`,
    recordingChapter: (subject) => `Séances en direct de ${subject.name.toLowerCase()}`,
    recordingSections: ["Séances enregistrées"],
    recordingLesson: (n) => `Séance ${n} : ${RECORDING_TOPICS[(n - 1) % RECORDING_TOPICS.length]}`,
    examChapter: "Sujets d'examen corrigés",
    examSections: ["Sujets", "Auto-évaluation"],
    examPrincipal: (subject) => `${subject.name} : session principale 2025`,
    examControl: (subject) => `${subject.name} : session de contrôle 2025`,
    examSynthesis: (subject) => `${subject.name} : devoir de synthèse n°1 corrigé`,
    examQuiz: (subject) => `${subject.name} : QCM de révision`,
    diversChapter: "Méthodologie et conseils",
    diversSections: ["Ressources"],
    diversPrepare: (subject) => `Bien préparer l'examen de ${subject.name.toLowerCase()}`,
    diversMistakes: (subject) => `${subject.name} : les erreurs fréquentes`,
  },
  ar: {
    courseSections: ["الدروس", "التمارين"],
    courseLesson: (chapter, { labelAr }) => `${chapter} : ${labelAr}`,
    recordingChapter: (subject) => `الحصص المباشرة لمادة ${subject.nameAr}`,
    recordingSections: ["الحصص المسجلة"],
    recordingLesson: (n) => `الحصة ${n} : ${RECORDING_TOPICS_AR[(n - 1) % RECORDING_TOPICS_AR.length]}`,
    examChapter: "مواضيع امتحانات مصلحة",
    examSections: ["المواضيع", "التقييم الذاتي"],
    examPrincipal: (subject) => `${subject.nameAr} : الدورة الرئيسية 2025`,
    examControl: (subject) => `${subject.nameAr} : دورة المراقبة 2025`,
    examSynthesis: (subject) => `${subject.nameAr} : فرض تأليفي عدد 1 مع الإصلاح`,
    examQuiz: (subject) => `${subject.nameAr} : اختبار مراجعة`,
    diversChapter: "منهجية ونصائح",
    diversSections: ["الموارد"],
    diversPrepare: (subject) => `حسن الاستعداد لامتحان مادة ${subject.nameAr}`,
    diversMistakes: (subject) => `${subject.nameAr} : الأخطاء الشائعة`,
  },
  en: {
    courseSections: ["Lessons", "Exercises"],
    courseLesson: (chapter, { labelEn }) => `${chapter}: ${labelEn.charAt(0).toLowerCase()}${labelEn.slice(1)}`,
    recordingChapter: (subject) => `${subject.nameEn} live sessions`,
    recordingSections: ["Recorded sessions"],
    recordingLesson: (n) => `Session ${n}: ${RECORDING_TOPICS_EN[(n - 1) % RECORDING_TOPICS_EN.length]}`,
    examChapter: "Corrected exam papers",
    examSections: ["Papers", "Self-assessment"],
    examPrincipal: (subject) => `${subject.nameEn}: main session 2025`,
    examControl: (subject) => `${subject.nameEn}: resit session 2025`,
    examSynthesis: (subject) => `${subject.nameEn}: end-of-term test no. 1 with answers`,
    examQuiz: (subject) => `${subject.nameEn}: revision quiz`,
    diversChapter: "Method and tips",
    diversSections: ["Resources"],
    diversPrepare: (subject) => `Preparing well for the ${subject.nameEn} exam`,
    diversMistakes: (subject) => `${subject.nameEn}: common mistakes`,
  },
};
/** The three texts of a label: in the subject's own language, Arabic and English. */
const labelTexts = (subject: SubjectDef, pick: (labels: Labels) => string): Texts => ({
  name: pick(labelsOf(subject)),
  nameAr: pick(LABELS.ar),
  nameEn: pick(LABELS.en),
});
const labelsOf = (subject: SubjectDef): Labels => LABELS[subject.rtl ? "ar" : "fr"];

interface PlannedContent extends Texts {
  slug: string;
  typeId: number;
  section: number;
  isFree: boolean;
  attachment?: boolean;
  eventStart?: Date;
}
interface PlannedChapter extends Texts {
  slug: string;
  type: ChapterType;
  sections: Texts[];
  lessons: PlannedContent[];
}
interface PlannedSubject {
  divisionId: number;
  key: string;
  def: SubjectDef;
  position: number;
  chapters: PlannedChapter[];
}

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

function courseChapter(subject: SubjectDef, name: ChapterName, index: number, nbLessons: number, freeFirst: boolean): PlannedChapter {
  const labels = labelsOf(subject);
  const chapter = textsOf(chapterName(name));
  return {
    slug: chapterSlug(name),
    ...chapter,
    type: "course",
    sections: zipTexts(labels.courseSections, LABELS.ar.courseSections, LABELS.en.courseSections),
    lessons: COURSE_LESSONS.slice(0, nbLessons).map((l, i) => ({
      slug: l.slug,
      name: labels.courseLesson(chapter.name, l),
      nameAr: LABELS.ar.courseLesson(chapter.nameAr, l),
      nameEn: LABELS.en.courseLesson(chapter.nameEn, l),
      typeId: l.type,
      section: l.section,
      isFree: freeFirst && i === 0,
      attachment: l.type === CONTENT_TYPE.magazine.id || (l.type === CONTENT_TYPE.protectedVideo.id && index % 2 === 0),
    })),
  };
}

function recordingChapter(subject: SubjectDef, today: Date, n: number): PlannedChapter {
  // Each subject's weekly session falls on its own day: the latest was 1 to 6 days ago.
  // At 18:00 in Tunis.
  const base = tunisMidnight(tunisDay(today)).getTime() + 18 * HOUR + 7 * DAY - (1 + (subject.slug.length % 6)) * DAY;
  const labels = labelsOf(subject);
  return {
    slug: `enregistrements-${subject.slug}`,
    ...labelTexts(subject, (l) => l.recordingChapter(subject)),
    type: "recording",
    sections: zipTexts(labels.recordingSections, LABELS.ar.recordingSections, LABELS.en.recordingSections),
    lessons: Array.from({ length: n }, (_, i) => ({
      slug: `seance-${i + 1}`,
      ...labelTexts(subject, (l) => l.recordingLesson(i + 1)),
      typeId: CONTENT_TYPE.recording.id,
      section: 0,
      isFree: false,
      eventStart: new Date(base - (n - i) * 7 * DAY),
    })),
  };
}

function examChapter(subject: SubjectDef): PlannedChapter {
  const labels = labelsOf(subject);
  return {
    slug: "sujets-de-bac-corriges",
    ...labelTexts(subject, (l) => l.examChapter),
    type: "exam",
    sections: zipTexts(labels.examSections, LABELS.ar.examSections, LABELS.en.examSections),
    lessons: [
      { slug: "session-principale-2025", ...labelTexts(subject, (l) => l.examPrincipal(subject)), typeId: CONTENT_TYPE.magazine.id, section: 0, isFree: false, attachment: true },
      { slug: "session-de-controle-2025", ...labelTexts(subject, (l) => l.examControl(subject)), typeId: CONTENT_TYPE.magazine.id, section: 0, isFree: false, attachment: true },
      { slug: "devoir-de-synthese-n-1", ...labelTexts(subject, (l) => l.examSynthesis(subject)), typeId: CONTENT_TYPE.protectedVideo.id, section: 0, isFree: false },
      { slug: "qcm-de-revision", ...labelTexts(subject, (l) => l.examQuiz(subject)), typeId: CONTENT_TYPE.quiz.id, section: 1, isFree: false },
    ],
  };
}

function diversChapter(subject: SubjectDef): PlannedChapter {
  const labels = labelsOf(subject);
  return {
    slug: "methodologie-et-conseils",
    ...labelTexts(subject, (l) => l.diversChapter),
    type: "divers",
    sections: zipTexts(labels.diversSections, LABELS.ar.diversSections, LABELS.en.diversSections),
    lessons: [
      { slug: "bien-preparer-l-examen", ...labelTexts(subject, (l) => l.diversPrepare(subject)), typeId: CONTENT_TYPE.youtube.id, section: 0, isFree: true },
      { slug: "erreurs-frequentes", ...labelTexts(subject, (l) => l.diversMistakes(subject)), typeId: CONTENT_TYPE.magazine.id, section: 0, isFree: false },
    ],
  };
}

/** The whole catalogue as plain data (no ids). */
function planCatalogue(today: Date): PlannedSubject[] {
  const out: PlannedSubject[] = [];
  BAC_MATH.forEach(({ key, courses }, s) => {
    const def = SUBJECTS[key]!;
    const chaps = courses.map((c, i) => courseChapter(def, c, i, 3 + ((i + s) % 4), i === 0 || i === 2));
    chaps.push(examChapter(def));
    chaps.push(recordingChapter(def, today, s < 3 ? 3 : 2));
    if (s % 2 === 0) chaps.push(diversChapter(def));
    out.push({ divisionId: 18, key, def, position: s + 1, chapters: chaps });
  });
  for (const [divisionIdText, keys] of Object.entries(DIVISION_SUBJECTS)) {
    const divisionId = Number(divisionIdText);
    const level = DIVISIONS.find((d) => d.id === divisionId)!.level as Level;
    keys.forEach((key, s) => {
      const def = SUBJECTS[key]!;
      const table = CHAPTERS_BY_LEVEL[key]!;
      const names = table[level] ?? table.secondary ?? table.baccalaureate ?? table.basic ?? table.primary ?? [];
      const chaps = names.slice(0, 3).map((c, i) => courseChapter(def, c, i, 3 + ((i + s + divisionId) % 3), i === 0));
      if (s === 0) chaps.push(examChapter(def));
      if (s === 1 && level !== "primary") chaps.push(recordingChapter(def, today, 2));
      out.push({ divisionId, key, def, position: s + 1, chapters: chaps });
    });
  }
  return out;
}

/**
 * A demo catalogue seeded before migration 0004 has no Arabic or English texts (and the magazine pages of that time):
 * fills them from the same plan, once (chapters without `name_ar`), matching rows by class, subject, chapter and
 * lesson slugs. Rows the plan does not know are left as they are (the app shows their French text).
 */
export async function backfillCatalogueTexts(db: Db, today: Date): Promise<boolean> {
  const [missing] = await db.select({ n: sql<number>`count(*)::int` }).from(chapters).where(sql`${chapters.nameAr} is null`);
  if (!missing?.n) return false;
  const plan = planCatalogue(today);
  const values = (rows: SQL[]) => sql.join(rows, sql`, `);
  const chunks = <T>(rows: T[], size = 300) => Array.from({ length: Math.ceil(rows.length / size) }, (_, i) => rows.slice(i * size, (i + 1) * size));
  await db.transaction(async (tx) => {
    for (const d of Object.values(SUBJECTS)) {
      await tx.execute(sql`update subjects set name_en = ${d.nameEn} where slug = ${d.slug} and name_en is null`);
    }
    const chapterRows = plan.flatMap((p) => p.chapters.map((c) => sql`(${p.divisionId}::int, ${p.def.slug}, ${c.slug}, ${c.nameAr}, ${c.nameEn})`));
    for (const rows of chunks(chapterRows)) {
      await tx.execute(sql`update chapters c set name_ar = v.ar, name_en = v.en
        from (values ${values(rows)}) as v(division_id, subject_slug, slug, ar, en), subjects s
        where s.id = c.subject_id and s.division_id = v.division_id and s.slug = v.subject_slug and c.slug = v.slug`);
    }
    const sectionRows = plan.flatMap((p) =>
      p.chapters.flatMap((c) => c.sections.map((t, i) => sql`(${p.divisionId}::int, ${p.def.slug}, ${c.slug}, ${i + 1}::int, ${t.nameAr}, ${t.nameEn})`)),
    );
    for (const rows of chunks(sectionRows)) {
      await tx.execute(sql`update chapter_sections x set name_ar = v.ar, name_en = v.en
        from (values ${values(rows)}) as v(division_id, subject_slug, chapter_slug, position, ar, en), chapters c, subjects s
        where c.id = x.chapter_id and s.id = c.subject_id and s.division_id = v.division_id and s.slug = v.subject_slug
          and c.slug = v.chapter_slug and x.position = v.position`);
    }
    const lessonRows = plan.flatMap((p) =>
      p.chapters.flatMap((c) =>
        c.lessons.map((l) => {
          const pages = l.typeId === CONTENT_TYPE.magazine.id ? JSON.stringify(magazinePages(p.def, c)) : null;
          return sql`(${p.divisionId}::int, ${p.def.slug}, ${c.slug}, ${l.slug}, ${l.nameAr}, ${l.nameEn}, ${pages}::jsonb)`;
        }),
      ),
    );
    for (const rows of chunks(lessonRows)) {
      await tx.execute(sql`update contents x set name_ar = v.ar, name_en = v.en, pages = coalesce(v.pages, x.pages)
        from (values ${values(rows)}) as v(division_id, subject_slug, chapter_slug, slug, ar, en, pages), chapters c, subjects s
        where c.id = x.chapter_id and s.id = c.subject_id and s.division_id = v.division_id and s.slug = v.subject_slug
          and c.slug = v.chapter_slug and x.slug = v.slug`);
    }
    await tx.execute(sql`update attachments a
      set name_ar = c.name_ar || ' – ' || case when x.type_id = ${CONTENT_TYPE.magazine.id} then 'ملخص' else 'نصوص التمارين' end || '.pdf',
          name_en = c.name_en || ' – ' || case when x.type_id = ${CONTENT_TYPE.magazine.id} then 'summary' else 'exercises' end || '.pdf'
      from contents x, chapters c
      where x.id = a.content_id and c.id = x.chapter_id and c.name_ar is not null and a.name_ar is null`);
    for (const [i, [name, lastName]] of INSTRUCTORS.entries()) {
      const [ar, en] = INSTRUCTOR_DESCRIPTIONS[i] ?? [null, null];
      await tx.execute(sql`update instructors set description_ar = ${ar}, description_en = ${en} where name = ${name} and last_name = ${lastName}`);
    }
    for (const t of Object.values(CARD_TEXTS)) {
      await tx.execute(sql`update promo_cards set text_ar = ${t.ar}, text_en = ${t.en} where text = ${t.fr}`);
    }
    for (const t of Object.values(ALERT_TEXTS)) {
      await tx.execute(sql`update alerts set title_ar = ${t.ar[0]}, body_ar = ${t.ar[1]}, title_en = ${t.en[0]}, body_en = ${t.en[1]} where title = ${t.fr[0]} and body = ${t.fr[1]}`);
    }
  });
  return true;
}

type AlertTexts = Record<"fr" | "ar" | "en", readonly [title: string, body: string]>;
const alertTexts = (t: AlertTexts) => ({ title: t.fr[0], body: t.fr[1], titleAr: t.ar[0], bodyAr: t.ar[1], titleEn: t.en[0], bodyEn: t.en[1] });

async function insertChunked<TTable extends PgTable>(tx: Tx, table: TTable, rows: PgInsertValue<TTable>[], size = 400): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await tx.insert(table).values(rows.slice(i, i + size));
}

type SubjectIds = Map<string, number>;
type ChapterIds = Map<string, number>;

/** The instructors; gives the one of a subject in a class (collège and primary maths have their own teacher). */
async function insertInstructors(tx: Tx): Promise<(key: string, divisionId: number) => number> {
  const insertedInstructors = await tx
    .insert(instructors)
    .values(
      INSTRUCTORS.map(([name, lastName, description], i) => ({
        name,
        lastName,
        description,
        descriptionAr: INSTRUCTOR_DESCRIPTIONS[i]?.[0] ?? null,
        descriptionEn: INSTRUCTOR_DESCRIPTIONS[i]?.[1] ?? null,
      })),
    )
    .returning({ id: instructors.id });
  return (key: string, divisionId: number) => {
    const index = key === "maths" && divisionId <= 7 ? 10 : (INSTRUCTOR_OF[key] ?? 1);
    return insertedInstructors[index - 1]!.id;
  };
}

/** The planned subjects of every class; their ids by `divisionId:slug`. */
async function insertSubjects(tx: Tx, plan: PlannedSubject[]): Promise<SubjectIds> {
  const subjectRows = await tx
    .insert(subjects)
    .values(
      plan.map((p) => ({
        divisionId: p.divisionId,
        slug: p.def.slug,
        name: p.def.name,
        nameAr: p.def.nameAr,
        nameEn: p.def.nameEn,
        color: p.def.color,
        thumbnail: `/media/public/subjects/${p.def.slug}.svg`,
        position: p.position,
      })),
    )
    .returning({ id: subjects.id, divisionId: subjects.divisionId, slug: subjects.slug });
  return new Map(subjectRows.map((r) => [`${r.divisionId}:${r.slug}`, r.id]));
}

/** The chapters of every planned subject with their instructor; their ids by `subjectId:slug`. */
async function insertChapters(tx: Tx, plan: PlannedSubject[], subjectId: SubjectIds, instructorId: (key: string, divisionId: number) => number): Promise<ChapterIds> {
  const chapterValues = plan.flatMap((p) =>
    p.chapters.map((c, i) => ({
      subjectId: subjectId.get(`${p.divisionId}:${p.def.slug}`)!,
      slug: c.slug,
      name: c.name,
      nameAr: c.nameAr,
      nameEn: c.nameEn,
      type: c.type,
      position: i + 1,
      instructorId: instructorId(p.key, p.divisionId),
    })),
  );
  const chapterIds = new Map<string, number>();
  for (let i = 0; i < chapterValues.length; i += 400) {
    const rows = await tx.insert(chapters).values(chapterValues.slice(i, i + 400)).returning({ id: chapters.id, subjectId: chapters.subjectId, slug: chapters.slug });
    for (const r of rows) chapterIds.set(`${r.subjectId}:${r.slug}`, r.id);
  }

  return chapterIds;
}

/** The sections of every chapter; their ids by `chapterId:position`. */
async function insertSections(tx: Tx, plan: PlannedSubject[], subjectId: SubjectIds, chapterIds: ChapterIds): Promise<Map<string, number>> {
  const sectionValues = plan.flatMap((p) =>
    p.chapters.flatMap((c) => {
      const chapterId = chapterIds.get(`${subjectId.get(`${p.divisionId}:${p.def.slug}`)}:${c.slug}`)!;
      return c.sections.map((t, i) => ({ chapterId, name: t.name, nameAr: t.nameAr, nameEn: t.nameEn, position: i + 1, tabId: TAB_OF[c.type] }));
    }),
  );
  const sectionIds = new Map<string, number>();
  for (let i = 0; i < sectionValues.length; i += 400) {
    const rows = await tx.insert(chapterSections).values(sectionValues.slice(i, i + 400)).returning({ id: chapterSections.id, chapterId: chapterSections.chapterId, position: chapterSections.position });
    for (const r of rows) sectionIds.set(`${r.chapterId}:${r.position}`, r.id);
  }

  return sectionIds;
}

/** Lessons (with their attachments): created over the last six weeks (newest = highest counter), spread so "new contents" has a story. */
async function insertLessons(tx: Tx, plan: PlannedSubject[], today: Date, subjectId: SubjectIds, chapterIds: ChapterIds, sectionIds: Map<string, number>): Promise<void> {
  let n = 0;
  const contentValues = plan.flatMap((p) =>
    p.chapters.flatMap((c) => {
      const chapterId = chapterIds.get(`${subjectId.get(`${p.divisionId}:${p.def.slug}`)}:${c.slug}`)!;
      return c.lessons.map((l, i) => {
        n += 1;
        const typeId = l.typeId;
        const isVideo = typeId === CONTENT_TYPE.youtube.id || typeId === CONTENT_TYPE.protectedVideo.id || typeId === CONTENT_TYPE.recording.id;
        const ageHours = ((n * 37) % (42 * 24)) + (p.divisionId === 18 ? 0 : 6);
        return {
          chapterId,
          sectionId: sectionIds.get(`${chapterId}:${l.section + 1}`) ?? null,
          slug: l.slug,
          name: l.name,
          nameAr: l.nameAr,
          nameEn: l.nameEn,
          typeId,
          position: i + 1,
          videoUrl:
            typeId === CONTENT_TYPE.youtube.id
              ? YOUTUBE[n % YOUTUBE.length]!
              : typeId === CONTENT_TYPE.protectedVideo.id || typeId === CONTENT_TYPE.recording.id
                ? PROTECTED_VIDEOS[n % PROTECTED_VIDEOS.length]!
                : null,
          // The local clips (server/media/videos) last 30 s; YouTube lessons keep a believable length.
          durationS: !isVideo ? null : typeId === CONTENT_TYPE.youtube.id ? 600 + ((n * 131) % 2400) : DEMO_CLIP_SECONDS,
          pages: typeId === CONTENT_TYPE.magazine.id ? magazinePages(p.def, c) : null,
          rtl: Boolean(p.def.rtl),
          qcmId: typeId === CONTENT_TYPE.quiz.id ? 1000 + n : null,
          eventStart: l.eventStart ?? null,
          isFree: l.isFree,
          createdAt: new Date(today.getTime() - ageHours * 60 * 60 * 1000),
          // Two real PDFs made in the repository (scripts/make-media.mjs) serve every demo attachment.
          attachment: l.attachment ? `/media/attachments/${typeId === CONTENT_TYPE.magazine.id ? "resume" : "enonces"}.pdf` : null,
          attachmentName: l.attachment ? `${c.name} – ${typeId === CONTENT_TYPE.magazine.id ? "résumé" : "énoncés"}.pdf` : null,
          attachmentNameAr: l.attachment ? `${c.nameAr} – ${typeId === CONTENT_TYPE.magazine.id ? "ملخص" : "نصوص التمارين"}.pdf` : null,
          attachmentNameEn: l.attachment ? `${c.nameEn} – ${typeId === CONTENT_TYPE.magazine.id ? "summary" : "exercises"}.pdf` : null,
        };
      });
    }),
  );
  for (let i = 0; i < contentValues.length; i += 300) {
    const chunk = contentValues.slice(i, i + 300);
    const rows = await tx
      .insert(contents)
      .values(chunk.map(({ attachment: _a, attachmentName: _n, attachmentNameAr: _na, attachmentNameEn: _ne, ...row }) => row))
      .returning({ id: contents.id, chapterId: contents.chapterId, slug: contents.slug });
    const idOf = new Map(rows.map((r) => [`${r.chapterId}:${r.slug}`, r.id]));
    const files = chunk
      .filter((c) => c.attachment)
      .map((c) => ({ contentId: idOf.get(`${c.chapterId}:${c.slug}`)!, name: c.attachmentName!, nameAr: c.attachmentNameAr, nameEn: c.attachmentNameEn, url: c.attachment! }));
    if (files.length) await tx.insert(attachments).values(files);
  }
}

/** Access: all-subject groups, and partial groups on the first subjects of each class. */
async function insertAccessGroups(tx: Tx, plan: PlannedSubject[], subjectId: SubjectIds): Promise<void> {
  await tx.insert(groupSubjects).values(ALL_SUBJECT_GROUPS.map((groupId) => ({ groupId, allSubjects: true })));
  await insertChunked(
    tx,
    groupSubjects,
    PARTIAL_GROUPS.flatMap((g) =>
      plan.filter((p) => p.position <= g.firstSubjects).map((p) => ({ groupId: g.id, subjectId: subjectId.get(`${p.divisionId}:${p.def.slug}`)! })),
    ),
  );
}

/** Promo cards: three per class, plus one on the Bac Maths mathematics page. */
async function insertPromoCards(tx: Tx, subjectId: SubjectIds): Promise<void> {
  const cards: (typeof promoCards.$inferInsert)[] = DIVISIONS.flatMap((d): (typeof promoCards.$inferInsert)[] => [
    { divisionId: d.id, type: "offer", text: CARD_TEXTS.offer.fr, textAr: CARD_TEXTS.offer.ar, textEn: CARD_TEXTS.offer.en, iconUrl: "/media/public/cards/gold.svg", urlLink: "/offres", backgroundUrl: "/media/public/cards/bg-gold.svg", iconPosition: "left" as const, color: "#F2C94C", position: 1 },
    { divisionId: d.id, type: "video", text: CARD_TEXTS.video.fr, textAr: CARD_TEXTS.video.ar, textEn: CARD_TEXTS.video.en, iconUrl: "/media/public/cards/play.svg", textImageUrl: "/media/public/cards/text-decouvrez.svg", videoLink: YOUTUBE[0]!, urlLink: "https://www.darsi.tn/", backgroundUrl: "/media/public/cards/bg-video.svg", iconPosition: "right" as const, color: "#3B5BDB", position: 2 },
    { divisionId: d.id, type: "link", text: CARD_TEXTS.link.fr, textAr: CARD_TEXTS.link.ar, textEn: CARD_TEXTS.link.en, iconUrl: "/media/public/cards/parrain.svg", urlLink: "/gift-code", iconPosition: "left" as const, color: "#2F9E44", position: 3 },
  ]);
  cards.push({ divisionId: 18, subjectId: subjectId.get("18:mathematiques")!, type: "link", text: CARD_TEXTS.revision.fr, textAr: CARD_TEXTS.revision.ar, textEn: CARD_TEXTS.revision.en, urlLink: "/sessions", iconPosition: "left", color: "#E8590C", position: 0 });
  await insertChunked(tx, promoCards, cards);
}

/** A current alert for everyone, one for Bac Maths, a past one and a disabled one. */
async function insertAlerts(tx: Tx, today: Date): Promise<void> {
  const dayStart = tunisMidnight(tunisDay(today));
  await tx.insert(alerts).values([
    { divisionId: null, ...alertTexts(ALERT_TEXTS.maintenance), level: "info", startsAt: new Date(dayStart.getTime() - 2 * DAY), endsAt: new Date(dayStart.getTime() + 10 * DAY) },
    { divisionId: 18, ...alertTexts(ALERT_TEXTS.mockBac), level: "warning", startsAt: new Date(dayStart.getTime() - DAY), endsAt: null },
    { divisionId: 18, ...alertTexts(ALERT_TEXTS.old), level: "info", startsAt: new Date(dayStart.getTime() - 60 * DAY), endsAt: new Date(dayStart.getTime() - 30 * DAY) },
    { divisionId: null, ...alertTexts(ALERT_TEXTS.disabled), level: "info", active: false },
  ]);
}

/** The demo pupil: a few lessons watched in Bac Maths mathematics, one half-way, and two bookmarks. */
async function seedDemoPupil(tx: Tx, today: Date, mathsBac: number): Promise<void> {
  const [eleve] = await tx.select({ id: users.id }).from(users).where(eq(users.email, "eleve@darsi.tn")).limit(1);
  if (eleve) {
    const mathLessons = await tx
      .select({ id: contents.id, slug: contents.slug, chapterSlug: chapters.slug, duration: contents.durationS })
      .from(contents)
      .innerJoin(chapters, eq(chapters.id, contents.chapterId))
      .where(eq(chapters.subjectId, mathsBac))
      .orderBy(chapters.position, contents.position);
    const pick = (chapter: string, slug: string) => mathLessons.find((l) => l.chapterSlug === chapter && l.slug === slug);
    const done = [
      pick("limites-et-continuite", "introduction-et-activites"),
      pick("limites-et-continuite", "cours-definitions-et-proprietes"),
      pick("limites-et-continuite", "fiche-de-synthese"),
      pick("derivabilite", "introduction-et-activites"),
    ].filter((l): l is NonNullable<typeof l> => Boolean(l));
    const half = pick("derivabilite", "cours-definitions-et-proprietes");
    const rows = done.map((l) => ({
      userId: eleve.id,
      contentId: l.id,
      ranges: l.duration ? [[0, l.duration] as [number, number]] : [],
      percentage: 100,
      lastWatchedSecond: l.duration ?? 0,
      completed: true,
      updatedAt: new Date(today.getTime() - 3 * DAY),
    }));
    if (half?.duration) {
      const end = Math.round(half.duration * 0.45);
      rows.push({ userId: eleve.id, contentId: half.id, ranges: [[0, end]], percentage: 45, lastWatchedSecond: end, completed: false, updatedAt: new Date(today.getTime() - DAY) });
    }
    if (rows.length) await tx.insert(progress).values(rows);
    const marks = [pick("nombres-complexes", "cours-definitions-et-proprietes"), pick("derivabilite", "fiche-de-synthese")].filter(
      (l): l is NonNullable<typeof l> => Boolean(l),
    );
    if (marks.length) {
      await tx.insert(bookmarks).values(marks.map((l, i) => ({ userId: eleve.id, contentId: l.id, createdAt: new Date(today.getTime() - (i + 1) * DAY) })));
    }
  }
}

/** Seeds the learning reference lists (tabs, report reasons) when missing, and the catalogue when `demo` and empty. */
export async function seedLearning(db: Db, today: Date, opts: { demo: boolean }): Promise<boolean> {
  const [tabs] = await db.select({ n: sql<number>`count(*)::int` }).from(chapterTabs);
  if ((tabs?.n ?? 0) === 0) {
    await db.insert(chapterTabs).values([...TABS]);
    await db.insert(reportReasons).values(REPORT_REASONS);
  }
  if (!opts.demo) return false;
  await seedForum(db, today);
  const [existing] = await db.select({ n: sql<number>`count(*)::int` }).from(subjects);
  if ((existing?.n ?? 0) > 0) {
    await backfillCatalogueTexts(db, today);
    return false;
  }

  const plan = planCatalogue(today);
  await db.transaction(async (tx) => {
    const instructorId = await insertInstructors(tx);
    const subjectId = await insertSubjects(tx, plan);
    const chapterIds = await insertChapters(tx, plan, subjectId, instructorId);
    const sectionIds = await insertSections(tx, plan, subjectId, chapterIds);
    await insertLessons(tx, plan, today, subjectId, chapterIds, sectionIds);
    await insertAccessGroups(tx, plan, subjectId);
    await insertPromoCards(tx, subjectId);
    await insertAlerts(tx, today);
    await seedDemoPupil(tx, today, subjectId.get("18:mathematiques")!);
  });
  return true;
}
