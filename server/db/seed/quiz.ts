/**
 * The quiz service's demo data: one QCM for every quiz lesson of the catalogue (`contents.qcm_id`), with real
 * questions — by chapter where the chapter has its own bank (Bac Mathématiques), otherwise by subject and school
 * level; in Arabic for the Arabic subject. Idempotent: does nothing when `quizzes` already has rows.
 */
import { asc, eq, isNotNull, sql } from "drizzle-orm";
import { QUIZ_DEFAULT_PASS_MARK } from "../../../domain/quiz";
import type { Db } from "../client";
import { chapters, contents, quizChoices, quizQuestions, quizzes, subjects } from "../schema";
import { divisions as DIVISIONS } from "./data/tunisia";

interface Q {
  text: string;
  choices: string[];
  /** Indexes of the correct choices (several: a "multiple" question). */
  correct: number[];
}
const q = (text: string, choices: string[], correct: number | number[]): Q => ({
  text,
  choices,
  correct: Array.isArray(correct) ? correct : [correct],
});

/** Banks by chapter name (Bac Mathématiques chapters that hold a QCM). */
const BY_CHAPTER: Record<string, Q[]> = {
  "Suites réelles": [
    q(
      "La suite définie par uₙ = 3n + 2 est :",
      ["arithmétique de raison 3", "géométrique de raison 3", "arithmétique de raison 2", "ni arithmétique ni géométrique"],
      0,
    ),
    q("Une suite croissante et majorée :", ["diverge vers +∞", "converge", "est constante", "est bornée mais ne converge pas toujours"], 1),
    q("La somme 1 + q + q² + … + qⁿ (q ≠ 1) vaut :", ["(1 − qⁿ⁺¹)/(1 − q)", "(1 − qⁿ)/(1 − q)", "n·q", "qⁿ⁺¹ − 1"], 0),
    q("Si −1 < q < 1, la suite (qⁿ) :", ["tend vers 0", "tend vers +∞", "tend vers 1", "n'a pas de limite"], 0),
    q("Quelles suites sont géométriques ?", ["uₙ = 5 × 2ⁿ", "uₙ = n²", "uₙ = 3⁻ⁿ", "uₙ = 2n + 1"], [0, 2]),
  ],
  "Nombres complexes": [
    q("Le module de z = 3 + 4i est :", ["5", "7", "25", "√7"], 0),
    q("Le conjugué de z = 2 − 5i est :", ["2 + 5i", "−2 + 5i", "−2 − 5i", "5 − 2i"], 0),
    q("i² est égal à :", ["−1", "1", "i", "−i"], 0),
    q("Un argument de z = i est :", ["π/2", "0", "π", "−π/2"], 0),
    q("Quels nombres sont réels ?", ["z + z̄", "z − z̄", "z × z̄", "i·z"], [0, 2]),
  ],
  Intégrales: [
    q("∫₀¹ 2x dx vaut :", ["1", "2", "1/2", "0"], 0),
    q("Une primitive de x ↦ 1/x sur ]0, +∞[ est :", ["x ↦ ln x", "x ↦ −1/x²", "x ↦ eˣ", "x ↦ x ln x"], 0),
    q(
      "Si f ≥ 0 sur [a, b] (a < b), alors ∫ₐᵇ f(x) dx est :",
      ["positive ou nulle", "strictement négative", "toujours nulle", "de signe quelconque"],
      0,
    ),
    q("∫ₐᵃ f(x) dx vaut :", ["0", "f(a)", "2f(a)", "1"], 0),
    q("La valeur moyenne de f sur [a, b] est :", ["(1/(b − a)) ∫ₐᵇ f(x) dx", "∫ₐᵇ f(x) dx", "(f(a) + f(b))/2", "f((a + b)/2)"], 0),
  ],
  Probabilités: [
    q("On lance un dé équilibré. P(obtenir un 6) =", ["1/6", "1/3", "1/2", "6"], 0),
    q("Si A et B sont incompatibles, P(A ∪ B) =", ["P(A) + P(B)", "P(A) × P(B)", "P(A) − P(B)", "1"], 0),
    q("P(Ā) est égal à :", ["1 − P(A)", "P(A)", "−P(A)", "1 + P(A)"], 0),
    q("A et B sont indépendants lorsque :", ["P(A ∩ B) = P(A) × P(B)", "P(A ∩ B) = 0", "P(A) = P(B)", "P(A ∪ B) = 1"], 0),
    q("L'espérance d'une loi binomiale B(n, p) est :", ["np", "np(1 − p)", "p", "n/p"], 0),
  ],
};

/** Banks by subject and school level ("any" when one bank fits every level). */
const BY_SUBJECT: Record<string, Partial<Record<"primary" | "basic" | "secondary" | "baccalaureate" | "any", Q[]>>> = {
  mathematiques: {
    primary: [
      q("Combien font 7 × 8 ?", ["56", "54", "64", "48"], 0),
      q("La moitié de 3/4 est :", ["3/8", "3/2", "1/4", "6/4"], 0),
      q("Le périmètre d'un carré de côté 5 cm est :", ["20 cm", "25 cm", "10 cm", "15 cm"], 0),
      q("L'aire d'un rectangle de 6 m sur 4 m est :", ["24 m²", "20 m²", "10 m²", "48 m²"], 0),
      q("Quels nombres sont pairs ?", ["128", "75", "340", "19"], [0, 2]),
    ],
    basic: [
      q(
        "Le théorème de Thalès permet de calculer :",
        ["des longueurs dans des triangles à côtés parallèles", "des aires de disques", "des angles inscrits", "des volumes"],
        0,
      ),
      q("La solution de 2x + 3 = 11 est :", ["x = 4", "x = 7", "x = 5,5", "x = 8"], 0),
      q("−3/4 + 1/2 =", ["−1/4", "−2/2", "1/4", "−5/4"], 0),
      q("(a + b)² =", ["a² + 2ab + b²", "a² + b²", "a² − 2ab + b²", "2a + 2b"], 0),
      q("Quels nombres sont rationnels ?", ["2/3", "√2", "−0,5", "π"], [0, 2]),
    ],
    secondary: [
      q("La fonction f(x) = 2x − 1 est :", ["affine croissante", "affine décroissante", "constante", "du second degré"], 0),
      q("cos²x + sin²x =", ["1", "0", "2", "tan x"], 0),
      q("Deux vecteurs orthogonaux ont un produit scalaire :", ["nul", "égal à 1", "négatif", "égal au produit des normes"], 0),
      q("Le coefficient directeur de la droite y = −3x + 2 est :", ["−3", "2", "3", "−2"], 0),
      q("sin(π/6) =", ["1/2", "√3/2", "√2/2", "1"], 0),
    ],
    baccalaureate: [
      q("lim (x→+∞) de eˣ / x est :", ["+∞", "0", "1", "e"], 0),
      q("La dérivée de ln(x) est :", ["1/x", "ln x / x", "eˣ", "x"], 0),
      q("ln(a × b) =", ["ln a + ln b", "ln a × ln b", "ln a − ln b", "ln(a + b)"], 0),
      q("Une fonction dérivable en a est :", ["continue en a", "nulle en a", "croissante autour de a", "sans limite en a"], 0),
      q("Quelles égalités sont vraies ?", ["e⁰ = 1", "ln 1 = 0", "ln e = 0", "e¹ = 0"], [0, 1]),
      q("La dérivée de eˣ est :", ["eˣ", "x·eˣ⁻¹", "ln x", "1"], 0),
    ],
  },
  physique: {
    any: [
      q("L'unité de la capacité d'un condensateur est :", ["le farad (F)", "le henry (H)", "l'ohm (Ω)", "le volt (V)"], 0),
      q("La constante de temps d'un dipôle RC est :", ["τ = RC", "τ = R/C", "τ = C/R", "τ = 1/(RC)"], 0),
      q("L'énergie cinétique d'un corps de masse m et de vitesse v est :", ["½mv²", "mv", "mgh", "½mv"], 0),
      q("La masse volumique s'exprime en :", ["kg/m³", "N/m²", "kg·m", "m³/kg"], 0),
      q("Une onde mécanique transporte :", ["de l'énergie sans transport de matière", "de la matière", "des charges électriques", "rien du tout"], 0),
      q("Quelles grandeurs sont des vecteurs ?", ["la force", "la masse", "la vitesse", "la température"], [0, 2]),
    ],
  },
  "sciences-de-la-vie-et-de-la-terre": {
    any: [
      q("La photosynthèse se déroule dans :", ["les chloroplastes", "les mitochondries", "le noyau", "les ribosomes"], 0),
      q("Le support de l'information génétique est :", ["l'ADN", "les protéines", "les lipides", "le glucose"], 0),
      q("Le message nerveux est de nature :", ["électrique et chimique", "uniquement mécanique", "uniquement hormonale", "thermique"], 0),
      q("Les anticorps sont produits par :", ["les plasmocytes", "les globules rouges", "les plaquettes", "les neurones"], 0),
      q("Chez l'être humain, une cellule somatique contient :", ["46 chromosomes", "23 chromosomes", "44 chromosomes", "92 chromosomes"], 0),
      q("Quels organes appartiennent au système nerveux central ?", ["l'encéphale", "le cœur", "la moelle épinière", "le foie"], [0, 2]),
    ],
  },
  informatique: {
    any: [
      q(
        "Quel tri compare et échange des éléments voisins jusqu'à ce que le tableau soit trié ?",
        ["le tri à bulles", "le tri par sélection", "le tri par insertion", "le tri rapide"],
        0,
      ),
      q(
        "Une fonction, contrairement à une procédure :",
        ["retourne un résultat", "ne prend aucun paramètre", "ne peut pas être appelée", "modifie toujours ses paramètres"],
        0,
      ),
      q(
        "La structure « Pour i de 1 à n faire » est une structure :",
        ["itérative complète", "conditionnelle", "itérative à condition d'arrêt", "de données"],
        0,
      ),
      q(
        "Un enregistrement regroupe :",
        ["des champs de types éventuellement différents", "uniquement des entiers", "des fichiers", "des procédures"],
        0,
      ),
      q("Combien de valeurs différentes peut coder un octet ?", ["256", "255", "8", "1024"], 0),
    ],
  },
  francais: {
    any: [
      q("Dans « Le vent souffle fort », le sujet est :", ["le vent", "souffle", "fort", "le"], 0),
      q(
        "Un texte argumentatif cherche surtout à :",
        ["convaincre ou persuader", "raconter une histoire", "décrire un lieu", "donner une recette"],
        0,
      ),
      q("« Il chantera » est conjugué au :", ["futur simple", "passé simple", "conditionnel présent", "imparfait"], 0),
      q("Une comparaison se reconnaît à :", ["un outil de comparaison (comme, tel…)", "l'absence de verbe", "une rime", "un dialogue"], 0),
      q("Le passé simple de « venir » à la 3e personne du singulier est :", ["il vint", "il venait", "il vient", "il viendra"], 0),
      q("Quels mots sont des adverbes ?", ["rapidement", "rapide", "souvent", "souvenir"], [0, 2]),
    ],
  },
  anglais: {
    any: [
      q("Choisissez la bonne forme : « She ___ to school every day. »", ["goes", "go", "going", "gone"], 0),
      q("Le prétérit de « to buy » est :", ["bought", "buyed", "brought", "buy"], 0),
      q("« If I ___ rich, I would travel the world. »", ["were", "am", "will be", "be"], 0),
      q("Le contraire de « ancient » est :", ["modern", "old", "antique", "historic"], 0),
      q("« I have lived here ___ 2015. »", ["since", "for", "during", "from"], 0),
    ],
  },
  arabe: {
    any: [
      q("ما إعراب كلمة « الطالبُ » في جملة « نجحَ الطالبُ »؟", ["فاعل مرفوع", "مفعول به منصوب", "مبتدأ مرفوع", "مضاف إليه مجرور"], 0),
      q("من رواد الشعر الحديث في تونس:", ["أبو القاسم الشابي", "المتنبي", "امرؤ القيس", "الجاحظ"], 0),
      q("جمع كلمة « كتاب » هو:", ["كُتُب", "كاتبون", "مكتبة", "كتابات فقط"], 0),
      q("« كان » وأخواتها:", ["ترفع المبتدأ وتنصب الخبر", "تنصب المبتدأ وترفع الخبر", "تجر الاسم", "لا تعمل"], 0),
      q("المقامة فنّ نثري اشتهر به:", ["بديع الزمان الهمذاني", "أبو القاسم الشابي", "محمود المسعدي", "نزار قباني"], 0),
      q("أيّ هذه الكلمات أفعال؟", ["كَتَبَ", "قلم", "يدرسُ", "مدرسة"], [0, 2]),
    ],
  },
  philosophie: {
    any: [
      q("« Je pense, donc je suis » est une formule de :", ["Descartes", "Platon", "Kant", "Ibn Khaldoun"], 0),
      q("Autrui désigne :", ["l'autre en tant qu'il est un sujet comme moi", "un objet du monde", "la société seulement", "un animal"], 0),
      q(
        "Le mythe se distingue du logos parce qu'il :",
        [
          "explique par le récit plutôt que par la démonstration",
          "repose sur l'expérience scientifique",
          "est toujours écrit",
          "refuse toute croyance",
        ],
        0,
      ),
      q("Pour Max Weber, l'État détient le monopole de :", ["la violence physique légitime", "la vérité", "l'économie", "la religion"], 0),
      q("La méthode expérimentale repose sur :", ["l'hypothèse et la vérification", "l'autorité", "la révélation", "l'opinion commune"], 0),
    ],
  },
  "eveil-scientifique": {
    any: [
      q("L'eau bout à :", ["100 °C", "0 °C", "50 °C", "200 °C"], 0),
      q("Les plantes ont besoin de lumière pour :", ["fabriquer leur nourriture", "dormir", "se déplacer", "respirer seulement la nuit"], 0),
      q("L'eau devient glace à :", ["0 °C", "10 °C", "100 °C", "−50 °C"], 0),
      q("Le cœur sert à :", ["faire circuler le sang", "digérer les aliments", "respirer", "voir"], 0),
      q("Quels animaux sont des mammifères ?", ["le chat", "le poisson", "la baleine", "le moineau"], [0, 2]),
    ],
  },
  economie: {
    any: [
      q(
        "Le PIB mesure :",
        ["la richesse produite sur un territoire en un an", "la dette de l'État", "le nombre de chômeurs", "les prix à la consommation"],
        0,
      ),
      q(
        "L'inflation est :",
        ["une hausse générale et durable des prix", "une baisse des prix", "une hausse des salaires", "une hausse des exportations"],
        0,
      ),
      q(
        "Le développement durable répond aux besoins du présent :",
        [
          "sans compromettre ceux des générations futures",
          "en épuisant les ressources",
          "sans tenir compte de l'environnement",
          "au profit des seules entreprises",
        ],
        0,
      ),
      q(
        "La monnaie a pour fonctions :",
        ["intermédiaire des échanges, unité de compte, réserve de valeur", "uniquement la réserve de valeur", "la production", "l'impôt"],
        0,
      ),
      q("Les exportations sont :", ["des ventes de biens et services à l'étranger", "des achats à l'étranger", "des impôts", "des subventions"], 0),
    ],
  },
  gestion: {
    any: [
      q("Au bilan, l'actif regroupe :", ["les emplois (ce que possède l'entreprise)", "les ressources", "les charges", "les produits"], 0),
      q("Le stock de sécurité sert à :", ["éviter la rupture de stock", "augmenter les prix", "réduire le capital", "payer les salaires"], 0),
      q("Le chiffre d'affaires est :", ["le montant des ventes", "le bénéfice", "le capital", "la trésorerie"], 0),
      q("Un emprunt bancaire est une ressource :", ["de financement externe", "propre", "d'exploitation", "fiscale"], 0),
      q("Bilan : total de l'actif et total du passif sont :", ["égaux", "toujours différents", "sans rapport", "nuls"], 0),
    ],
  },
  "histoire-geographie": {
    any: [
      q("La Tunisie a obtenu son indépendance le :", ["20 mars 1956", "25 juillet 1957", "9 avril 1938", "14 janvier 2011"], 0),
      q(
        "La guerre froide oppose principalement :",
        ["les États-Unis et l'URSS", "la France et l'Allemagne", "la Chine et le Japon", "le Royaume-Uni et l'Inde"],
        0,
      ),
      q("Le mur de Berlin est tombé en :", ["1989", "1961", "1945", "1991"], 0),
      q("Le Néo-Destour a été fondé en 1934 à :", ["Ksar Hellal", "Tunis", "Sfax", "Bizerte"], 0),
      q(
        "La mondialisation désigne :",
        ["l'intensification des échanges à l'échelle mondiale", "la fermeture des frontières", "la disparition du commerce", "la fin des États"],
        0,
      ),
    ],
  },
  technologie: {
    any: [
      q(
        "Dans un grafcet, une étape active est représentée :",
        ["par un jeton (point) dans l'étape", "par une croix", "par une flèche", "elle n'est pas représentée"],
        0,
      ),
      q("La porte logique ET donne 1 lorsque :", ["toutes les entrées valent 1", "une entrée vaut 1", "toutes les entrées valent 0", "jamais"], 0),
      q("Un engrenage sert à :", ["transmettre un mouvement de rotation", "mesurer une tension", "stocker de l'énergie électrique", "éclairer"], 0),
      q("En dessin technique, un trait interrompu court représente :", ["une arête cachée", "un axe", "un contour visible", "une cote"], 0),
      q("Le complément de 1 en logique binaire est :", ["0", "1", "2", "−1"], 0),
    ],
  },
};

const QUESTIONS_PER_QUIZ = 4;

function bankFor(subjectSlug: string, level: string, chapterName: string): Q[] {
  const chapter = BY_CHAPTER[chapterName];
  if (chapter) return chapter;
  const banks = BY_SUBJECT[subjectSlug];
  if (!banks) return BY_SUBJECT.mathematiques!.secondary!;
  return banks[level as keyof typeof banks] ?? banks.any ?? banks.baccalaureate ?? banks.secondary ?? Object.values(banks)[0]!;
}

/** Seeds a quiz for every quiz lesson that has none yet (all of them on first start). */
export async function seedQuizzes(db: Db): Promise<boolean> {
  const [existing] = await db.select({ n: sql<number>`count(*)::int` }).from(quizzes);
  if ((existing?.n ?? 0) > 0) return false;
  const lessons = await db
    .select({
      qcmId: contents.qcmId,
      name: contents.name,
      chapterName: chapters.name,
      subjectSlug: subjects.slug,
      divisionId: subjects.divisionId,
    })
    .from(contents)
    .innerJoin(chapters, eq(chapters.id, contents.chapterId))
    .innerJoin(subjects, eq(subjects.id, chapters.subjectId))
    .where(isNotNull(contents.qcmId))
    .orderBy(asc(contents.id));
  if (!lessons.length) return false;
  const level = new Map(DIVISIONS.map((d) => [d.id as number, d.level as string]));
  await db.transaction(async (tx) => {
    const seen = new Set<number>();
    const planned = lessons.filter((l) => l.qcmId !== null && !seen.has(l.qcmId) && seen.add(l.qcmId));
    for (let i = 0; i < planned.length; i += 300) {
      await tx.insert(quizzes).values(
        planned.slice(i, i + 300).map((l) => ({
          id: l.qcmId!,
          title: l.name,
          passMark: QUIZ_DEFAULT_PASS_MARK,
        })),
      );
    }
    const questionRows = planned.flatMap((l, n) => {
      const bank = bankFor(l.subjectSlug, level.get(l.divisionId) ?? "secondary", l.chapterName);
      const count = Math.min(QUESTIONS_PER_QUIZ, bank.length);
      return Array.from({ length: count }, (_, k) => ({
        quizId: l.qcmId!,
        position: k + 1,
        q: bank[(n + k) % bank.length]!,
      }));
    });
    for (let i = 0; i < questionRows.length; i += 300) {
      const chunk = questionRows.slice(i, i + 300);
      const inserted = await tx
        .insert(quizQuestions)
        .values(
          chunk.map((r) => ({
            quizId: r.quizId,
            position: r.position,
            text: r.q.text,
            multiple: r.q.correct.length > 1,
          })),
        )
        .returning({ id: quizQuestions.id });
      // Choices rotate so that the right answer is not always the first one.
      const choices = chunk.flatMap((r, j) => {
        const shift = (r.quizId + r.position) % r.q.choices.length;
        return r.q.choices.map((_, c) => {
          const from = (c + shift) % r.q.choices.length;
          return {
            questionId: inserted[j]!.id,
            position: c + 1,
            text: r.q.choices[from]!,
            correct: r.q.correct.includes(from),
          };
        });
      });
      await tx.insert(quizChoices).values(choices);
    }
  });
  return true;
}
