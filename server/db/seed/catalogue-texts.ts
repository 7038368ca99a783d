/**
 * Arabic and English texts of the demo catalogue, beside the French reference names of `learning.ts`: chapter names
 * (keyed by their name in the seed, French or, for the subjects taught in Arabic, Arabic), the subjects' English names,
 * instructors' descriptions, promo cards and alerts. Modern Standard Arabic as in Tunisian school books.
 */

/** [Arabic, English] of each chapter name of the seed. */
export const CHAPTER_TEXTS: Record<string, readonly [ar: string, en: string]> = {
  // Mathematics
  "Limites et continuité": ["النهايات والاتصال", "Limits and continuity"],
  "Dérivabilité": ["قابلية الاشتقاق", "Differentiability"],
  "Suites réelles": ["المتتاليات الحقيقية", "Real sequences"],
  "Nombres complexes": ["الأعداد المركبة", "Complex numbers"],
  "Fonction logarithme népérien": ["الدالة اللوغاريتمية النيبيرية", "The natural logarithm function"],
  "Fonction exponentielle": ["الدالة الأسية", "The exponential function"],
  "Intégrales": ["التكامل", "Integrals"],
  "Probabilités": ["الاحتمالات", "Probability"],
  "Les nombres entiers": ["الأعداد الصحيحة الطبيعية", "Whole numbers"],
  "Les fractions": ["الكسور", "Fractions"],
  "Périmètres et aires": ["المحيطات والمساحات", "Perimeters and areas"],
  "Nombres rationnels": ["الأعداد الكسرية النسبية", "Rational numbers"],
  "Théorème de Thalès": ["مبرهنة طالس", "Thales's theorem"],
  "Équations et inéquations": ["المعادلات والمتراجحات", "Equations and inequalities"],
  "Fonctions affines": ["الدوال التآلفية", "Affine functions"],
  "Trigonométrie": ["حساب المثلثات", "Trigonometry"],
  "Produit scalaire": ["الجداء السلمي", "The dot product"],
  // Physics
  "Le condensateur et le dipôle RC": ["المكثف وثنائي القطب RC", "The capacitor and the RC circuit"],
  "La bobine et le dipôle RL": ["الوشيعة وثنائي القطب RL", "The coil and the RL circuit"],
  "Oscillations électriques libres": ["التذبذبات الكهربائية الحرة", "Free electrical oscillations"],
  "Oscillations mécaniques": ["التذبذبات الميكانيكية", "Mechanical oscillations"],
  "Ondes mécaniques progressives": ["الموجات الميكانيكية المتنقلة", "Progressive mechanical waves"],
  "Réactions nucléaires": ["التفاعلات النووية", "Nuclear reactions"],
  "Le courant électrique": ["التيار الكهربائي", "Electric current"],
  "La masse volumique": ["الكتلة الحجمية", "Density"],
  "Les forces": ["القوى", "Forces"],
  "L'énergie cinétique": ["الطاقة الحركية", "Kinetic energy"],
  "Le dipôle passif": ["ثنائي القطب غير النشيط", "The passive dipole"],
  // Life and earth sciences
  "Reproduction humaine": ["التكاثر عند الإنسان", "Human reproduction"],
  "Génétique humaine": ["علم الوراثة البشرية", "Human genetics"],
  "Génétique des populations": ["علم وراثة الجماعات", "Population genetics"],
  "Le système nerveux": ["الجهاز العصبي", "The nervous system"],
  "L'immunité": ["المناعة", "Immunity"],
  "La nutrition": ["التغذية", "Nutrition"],
  "La respiration": ["التنفس", "Breathing"],
  "Les roches": ["الصخور", "Rocks"],
  "La cellule": ["الخلية", "The cell"],
  "La photosynthèse": ["التركيب الضوئي", "Photosynthesis"],
  "La géologie de la Tunisie": ["جيولوجيا تونس", "The geology of Tunisia"],
  // Computer science
  "Les structures de données": ["هياكل البيانات", "Data structures"],
  "Les sous-programmes": ["البرامج الفرعية", "Subprograms"],
  "Les algorithmes de tri": ["خوارزميات الترتيب", "Sorting algorithms"],
  "Les algorithmes récurrents": ["الخوارزميات التراجعية", "Recurrent algorithms"],
  "Les fichiers": ["الملفات", "Files"],
  "Les bases de l'algorithmique": ["أسس الخوارزميات", "Algorithm basics"],
  "Les structures conditionnelles": ["الهياكل الشرطية", "Conditional structures"],
  "Les structures itératives": ["الهياكل التكرارية", "Loops"],
  "Les bases de données": ["قواعد البيانات", "Databases"],
  // French
  "L'argumentation": ["الحجاج", "Argumentation"],
  "Le roman et la nouvelle": ["الرواية والأقصوصة", "The novel and the short story"],
  "Le théâtre": ["المسرح", "Theatre"],
  "La poésie engagée": ["الشعر الملتزم", "Committed poetry"],
  "La lecture": ["القراءة", "Reading"],
  "La conjugaison": ["تصريف الأفعال", "Conjugation"],
  "La production écrite": ["الإنتاج الكتابي", "Writing"],
  "Le récit": ["السرد", "Narrative"],
  "Le texte descriptif": ["النص الوصفي", "Descriptive writing"],
  "La grammaire de la phrase": ["نحو الجملة", "Sentence grammar"],
  "La nouvelle réaliste": ["الأقصوصة الواقعية", "The realist short story"],
  "Le texte argumentatif": ["النص الحجاجي", "The argumentative text"],
  // English (the subject is taught in English)
  "Education matters": ["قضايا التعليم", "Education matters"],
  "Creative minds": ["العقول المبدعة", "Creative minds"],
  "Holidaying": ["العطل والسفر", "Holidaying"],
  "Art shows": ["المعارض الفنية", "Art shows"],
  "Family and friends": ["العائلة والأصدقاء", "Family and friends"],
  "School life": ["الحياة المدرسية", "School life"],
  // Arabic (taught in Arabic: the seed names are Arabic)
  "الشعر الحديث": ["الشعر الحديث", "Modern poetry"],
  "المسرح": ["المسرح", "Theatre"],
  "الرواية": ["الرواية", "The novel"],
  "فن المقالة": ["فن المقالة", "The essay"],
  "القراءة": ["القراءة", "Reading"],
  "قواعد اللغة": ["قواعد اللغة", "Grammar"],
  "الإنتاج الكتابي": ["الإنتاج الكتابي", "Writing"],
  "الشعر الجاهلي": ["الشعر الجاهلي", "Pre-Islamic poetry"],
  "المقامة": ["المقامة", "The maqama"],
  // Philosophy
  "La personne et autrui": ["الشخص والغير", "The person and others"],
  "Le langage": ["اللغة", "Language"],
  "La science": ["العلم", "Science"],
  "L'État et la politique": ["الدولة والسياسة", "The State and politics"],
  "Qu'est-ce que la philosophie ?": ["ما الفلسفة؟", "What is philosophy?"],
  "Le mythe et la raison": ["الأسطورة والعقل", "Myth and reason"],
  // Science discovery (primary)
  "Les êtres vivants": ["الكائنات الحية", "Living things"],
  "L'eau et ses états": ["الماء وحالاته", "Water and its states"],
  "Le corps humain": ["جسم الإنسان", "The human body"],
  // Economics and management
  "L'activité économique": ["النشاط الاقتصادي", "Economic activity"],
  "La production": ["الإنتاج", "Production"],
  "La monnaie": ["النقود", "Money"],
  "La croissance économique": ["النمو الاقتصادي", "Economic growth"],
  "Le commerce international": ["التجارة الدولية", "International trade"],
  "Le développement durable": ["التنمية المستدامة", "Sustainable development"],
  "L'entreprise et son environnement": ["المؤسسة ومحيطها", "The firm and its environment"],
  "Le bilan": ["الموازنة", "The balance sheet"],
  "La gestion des approvisionnements": ["التصرف في التموين", "Supply management"],
  "La gestion commerciale": ["التصرف التجاري", "Sales management"],
  "Le financement": ["التمويل", "Financing"],
  // History and geography
  "Le mouvement national tunisien": ["الحركة الوطنية التونسية", "The Tunisian national movement"],
  "La guerre froide": ["الحرب الباردة", "The Cold War"],
  "Les espaces mondiaux": ["المجالات العالمية", "World regions"],
  // Technology
  "Le dessin technique": ["الرسم الصناعي", "Technical drawing"],
  "Les systèmes automatisés": ["الأنظمة الآلية", "Automated systems"],
  "Les systèmes combinatoires": ["الأنظمة التوافقية", "Combinational logic"],
  "Le grafcet": ["المتمن (GRAFCET)", "GRAFCET"],
  "La transmission de mouvement": ["نقل الحركة", "Motion transmission"],
};

/** English names of the subjects (keys of `learning.ts`'s SUBJECTS). */
export const SUBJECT_EN: Record<string, string> = {
  maths: "Mathematics",
  physique: "Physics",
  svt: "Life and earth sciences",
  informatique: "Computer science",
  francais: "French",
  anglais: "English",
  arabe: "Arabic",
  philosophie: "Philosophy",
  eveil: "Science discovery",
  economie: "Economics",
  gestion: "Management",
  histoire: "History and geography",
  technique: "Technology",
};

/** [Arabic, English] descriptions of the instructors, in the order of `learning.ts`'s INSTRUCTORS. */
export const INSTRUCTOR_DESCRIPTIONS: ReadonlyArray<readonly [ar: string, en: string]> = [
  ["أستاذ أول للرياضيات، المعهد النموذجي بأريانة", "Head mathematics teacher, Lycée Pilote de l'Ariana"],
  ["متفقدة الرياضيات، 20 سنة من التدريس للباكالوريا", "Mathematics inspector, 20 years teaching the bac"],
  ["أستاذ العلوم الفيزيائية، معهد بورقيبة بتونس", "Physics teacher, Lycée Bourguiba in Tunis"],
  ["أستاذة مبرزة في علوم الحياة والأرض", "Senior teacher of life and earth sciences"],
  ["أستاذ الإعلامية والخوارزميات", "Computer science and algorithms teacher"],
  ["أستاذة الفرنسية، مصححة في الباكالوريا", "French teacher, bac examiner"],
  ["أستاذ الإنجليزية، معهد خزندار", "English teacher, Lycée Khaznadar"],
  ["أستاذ أول للغة العربية", "Head teacher of Arabic"],
  ["أستاذة الفلسفة، معهد نهج الباشا", "Philosophy teacher, Lycée de la Rue du Pacha"],
  ["أستاذ رياضيات بالمرحلة الإعدادية", "Middle-school mathematics teacher"],
  ["معلمة، مختصة في الإيقاظ العلمي", "Primary teacher, science discovery specialist"],
  ["أستاذ الاقتصاد والتصرف", "Economics and management teacher"],
  ["أستاذة التاريخ والجغرافيا", "History and geography teacher"],
  ["أستاذ التكنولوجيا", "Technology teacher"],
];

/** Texts of the class promo cards (French, Arabic, English), by type. */
export const CARD_TEXTS = {
  offer: {
    fr: "Passez à Gold : toutes les matières, les séances en direct et le forum",
    ar: "اشترك في العرض الذهبي: كل المواد والحصص المباشرة والمنتدى",
    en: "Go Gold: every subject, the live sessions and the forum",
  },
  video: { fr: "Découvrez Darsi en deux minutes", ar: "اكتشف Darsi في دقيقتين", en: "Discover Darsi in two minutes" },
  link: {
    fr: "Parrainez un ami : 5 % de réduction pour lui, 5 % en points pour vous",
    ar: "ادعُ صديقًا: تخفيض بـ 5 % له، و5 % نقاطًا لك",
    en: "Invite a friend: 5% off for them, 5% back in points for you",
  },
  revision: {
    fr: "Séance de révision du bac chaque samedi à 18 h",
    ar: "حصة مراجعة للباكالوريا كل سبت على الساعة 18",
    en: "Bac revision session every Saturday at 6 pm",
  },
} as const;

/** Texts of the demo alerts: [title, body] in French, Arabic and English. */
export const ALERT_TEXTS = {
  maintenance: {
    fr: ["Maintenance", "Une courte maintenance aura lieu dimanche entre 2 h et 3 h du matin."],
    ar: ["صيانة", "ستتم صيانة قصيرة يوم الأحد بين الساعة الثانية والثالثة صباحًا."],
    en: ["Maintenance", "A short maintenance will take place on Sunday between 2 and 3 am."],
  },
  mockBac: {
    fr: ["Bac blanc", "Le bac blanc de mathématiques est en ligne dans l'onglet Examens."],
    ar: ["باكالوريا تجريبية", "الباكالوريا التجريبية في الرياضيات متاحة في تبويب الامتحانات."],
    en: ["Mock bac", "The mathematics mock bac is online in the Exams tab."],
  },
  old: {
    fr: ["Ancienne annonce", "Inscriptions au stage d'hiver closes."],
    ar: ["إعلان قديم", "أُغلق باب التسجيل في التربص الشتوي."],
    en: ["Old notice", "Registration for the winter course is closed."],
  },
  disabled: {
    fr: ["Désactivée", "Annonce désactivée."],
    ar: ["معطّل", "إعلان معطّل."],
    en: ["Disabled", "Disabled notice."],
  },
} as const;
