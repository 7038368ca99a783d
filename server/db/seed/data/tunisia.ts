/**
 * Tunisian reference data for the Darsi seed: governorates and their delegations,
 * sample schools, classes (divisions), bac optional subjects, class-change reasons
 * and countries.
 *
 * Pure data: no imports, no side effects. Types are checked with `satisfies`.
 * Delegation names: the usual French spellings (INS census tables) and the usual
 * official Arabic forms; not re-checked one by one against the decrees.
 */

// ───────────────────────── types (not exported) ─────────────────────────

interface DelegationSeed {
  readonly name: string;
  readonly nameAr: string;
}

interface GovernorateSeed {
  readonly id: number;
  readonly name: string;
  readonly nameAr: string;
  readonly delegations: readonly DelegationSeed[];
}

type DivisionLevel = "primary" | "basic" | "secondary" | "baccalaureate";

interface DivisionSeed {
  readonly id: number;
  readonly level: DivisionLevel;
  readonly name: string;
  readonly nameEn: string;
  readonly nameAr: string;
  readonly position: number;
}

interface OptionalSubjectSeed {
  readonly divisionId: number;
  readonly id: number;
  readonly name: string;
  readonly nameAr: string;
}

interface EditDivisionReasonSeed {
  readonly id: number;
  readonly name: string;
  readonly nameEn: string;
  readonly nameAr: string;
}

interface CountrySeed {
  readonly id: number;
  readonly name: string;
  readonly nameEn: string;
  readonly nameAr: string;
  /** ISO 3166-1 alpha-2 */
  readonly code: string;
}

// ───────────────────────── governorates & delegations ─────────────────────────

/**
 * The 24 governorates, ids 1..24 in French alphabetical order (fr collation,
 * accents ignored: "Béja" < "Ben Arous", "La Manouba" < "Le Kef").
 *
 * Delegations (mu'tamadiyat) are sorted alphabetically inside each governorate.
 * 277 delegations in total: the long-standing ones (264 in most references,
 * which predate the changes below) plus those created by decree between 2015 and
 * 2020, flagged "created after 2014" in the list:
 *   Gabès: Dkhilet Toujane, El Hamma Ouest, Oudhref
 *   Gafsa: Sidi Boubaker, Zannouch
 *   Kairouan: Aïn Djeloula, Menzel Mehiri
 *   Kébili: Rjim Maatoug
 *   Mahdia: El Bradâa, Rejiche
 *   Sidi Bouzid: El Hichria
 *   Tataouine: Béni Méhira
 * Not verified against the newest decrees: if a delegation was created after
 * 2020 it is missing here rather than invented.
 */
export const governorates = [
  {
    id: 1,
    name: "Ariana",
    nameAr: "أريانة",
    delegations: [
      { name: "Ariana Ville", nameAr: "أريانة المدينة" },
      { name: "Ettadhamen", nameAr: "التضامن" },
      { name: "Kalâat el-Andalous", nameAr: "قلعة الأندلس" },
      { name: "La Soukra", nameAr: "سكرة" },
      { name: "Mnihla", nameAr: "المنيهلة" },
      { name: "Raoued", nameAr: "رواد" },
      { name: "Sidi Thabet", nameAr: "سيدي ثابت" },
    ],
  },
  {
    id: 2,
    name: "Béja",
    nameAr: "باجة",
    delegations: [
      { name: "Amdoun", nameAr: "عمدون" },
      { name: "Béja Nord", nameAr: "باجة الشمالية" },
      { name: "Béja Sud", nameAr: "باجة الجنوبية" },
      { name: "Goubellat", nameAr: "قبلاط" },
      { name: "Medjez el-Bab", nameAr: "مجاز الباب" },
      { name: "Nefza", nameAr: "نفزة" },
      { name: "Téboursouk", nameAr: "تبرسق" },
      { name: "Testour", nameAr: "تستور" },
      { name: "Thibar", nameAr: "تيبار" },
    ],
  },
  {
    id: 3,
    name: "Ben Arous",
    nameAr: "بن عروس",
    delegations: [
      { name: "Ben Arous", nameAr: "بن عروس" },
      { name: "Bou Mhel el-Bassatine", nameAr: "بومهل البساتين" },
      { name: "El Mourouj", nameAr: "المروج" },
      { name: "Ezzahra", nameAr: "الزهراء" },
      { name: "Fouchana", nameAr: "فوشانة" },
      { name: "Hammam Chott", nameAr: "حمام الشط" },
      { name: "Hammam Lif", nameAr: "حمام الأنف" },
      { name: "Medina Jedida", nameAr: "المدينة الجديدة" },
      { name: "Mégrine", nameAr: "مقرين" },
      { name: "Mohamedia", nameAr: "المحمدية" },
      { name: "Mornag", nameAr: "مرناق" },
      { name: "Radès", nameAr: "رادس" },
    ],
  },
  {
    id: 4,
    name: "Bizerte",
    nameAr: "بنزرت",
    delegations: [
      { name: "Bizerte Nord", nameAr: "بنزرت الشمالية" },
      { name: "Bizerte Sud", nameAr: "بنزرت الجنوبية" },
      { name: "Djoumine", nameAr: "جومين" },
      { name: "El Alia", nameAr: "العالية" },
      { name: "Ghar El Melh", nameAr: "غار الملح" },
      { name: "Ghezala", nameAr: "غزالة" },
      { name: "Mateur", nameAr: "ماطر" },
      { name: "Menzel Bourguiba", nameAr: "منزل بورقيبة" },
      { name: "Menzel Jemil", nameAr: "منزل جميل" },
      { name: "Ras Jebel", nameAr: "رأس الجبل" },
      { name: "Sejnane", nameAr: "سجنان" },
      { name: "Tinja", nameAr: "تينجة" },
      { name: "Utique", nameAr: "أوتيك" },
      { name: "Zarzouna", nameAr: "جرزونة" },
    ],
  },
  {
    id: 5,
    name: "Gabès",
    nameAr: "قابس",
    delegations: [
      { name: "Dkhilet Toujane", nameAr: "دخيلة توجان" }, // created after 2014
      { name: "El Hamma", nameAr: "الحامة" },
      { name: "El Hamma Ouest", nameAr: "الحامة الغربية" }, // created after 2014
      { name: "Gabès Médina", nameAr: "قابس المدينة" },
      { name: "Gabès Ouest", nameAr: "قابس الغربية" },
      { name: "Gabès Sud", nameAr: "قابس الجنوبية" },
      { name: "Ghannouch", nameAr: "غنوش" },
      { name: "Mareth", nameAr: "مارث" },
      { name: "Matmata", nameAr: "مطماطة" },
      { name: "Menzel El Habib", nameAr: "منزل الحبيب" },
      { name: "Métouia", nameAr: "المطوية" },
      { name: "Nouvelle Matmata", nameAr: "مطماطة الجديدة" },
      { name: "Oudhref", nameAr: "وذرف" }, // created after 2014
    ],
  },
  {
    id: 6,
    name: "Gafsa",
    nameAr: "قفصة",
    delegations: [
      { name: "Belkhir", nameAr: "بلخير" },
      { name: "El Guettar", nameAr: "القطار" },
      { name: "El Ksar", nameAr: "القصر" },
      { name: "Gafsa Nord", nameAr: "قفصة الشمالية" },
      { name: "Gafsa Sud", nameAr: "قفصة الجنوبية" },
      { name: "Mdhilla", nameAr: "المظيلة" },
      { name: "Métlaoui", nameAr: "المتلوي" },
      { name: "Moularès", nameAr: "أم العرائس" },
      { name: "Redeyef", nameAr: "الرديف" },
      { name: "Sened", nameAr: "السند" },
      { name: "Sidi Aïch", nameAr: "سيدي عيش" },
      { name: "Sidi Boubaker", nameAr: "سيدي بوبكر" }, // created after 2014
      { name: "Zannouch", nameAr: "زانوش" }, // created after 2014
    ],
  },
  {
    id: 7,
    name: "Jendouba",
    nameAr: "جندوبة",
    delegations: [
      { name: "Aïn Draham", nameAr: "عين دراهم" },
      { name: "Balta-Bou Aouane", nameAr: "بلطة بوعوان" },
      { name: "Bou Salem", nameAr: "بوسالم" },
      { name: "Fernana", nameAr: "فرنانة" },
      { name: "Ghardimaou", nameAr: "غار الدماء" },
      { name: "Jendouba", nameAr: "جندوبة" },
      { name: "Jendouba Nord", nameAr: "جندوبة الشمالية" },
      { name: "Oued Meliz", nameAr: "وادي مليز" },
      { name: "Tabarka", nameAr: "طبرقة" },
    ],
  },
  {
    id: 8,
    name: "Kairouan",
    nameAr: "القيروان",
    delegations: [
      { name: "Aïn Djeloula", nameAr: "عين جلولة" }, // created after 2014
      { name: "Bou Hajla", nameAr: "بوحجلة" },
      { name: "Chebika", nameAr: "الشبيكة" },
      { name: "Echrarda", nameAr: "الشراردة" },
      { name: "El Alâa", nameAr: "العلا" },
      { name: "Haffouz", nameAr: "حفوز" },
      { name: "Hajeb El Ayoun", nameAr: "حاجب العيون" },
      { name: "Kairouan Nord", nameAr: "القيروان الشمالية" },
      { name: "Kairouan Sud", nameAr: "القيروان الجنوبية" },
      { name: "Menzel Mehiri", nameAr: "منزل المهيري" }, // created after 2014
      { name: "Nasrallah", nameAr: "نصر الله" },
      { name: "Oueslatia", nameAr: "الوسلاتية" },
      { name: "Sbikha", nameAr: "السبيخة" },
    ],
  },
  {
    id: 9,
    name: "Kasserine",
    nameAr: "القصرين",
    delegations: [
      { name: "El Ayoun", nameAr: "العيون" },
      { name: "Ezzouhour", nameAr: "الزهور" },
      { name: "Fériana", nameAr: "فريانة" },
      { name: "Foussana", nameAr: "فوسانة" },
      { name: "Haïdra", nameAr: "حيدرة" },
      { name: "Hassi El Ferid", nameAr: "حاسي الفريد" },
      { name: "Jedelienne", nameAr: "جدليان" },
      { name: "Kasserine Nord", nameAr: "القصرين الشمالية" },
      { name: "Kasserine Sud", nameAr: "القصرين الجنوبية" },
      { name: "Majel Bel Abbès", nameAr: "ماجل بلعباس" },
      { name: "Sbeïtla", nameAr: "سبيطلة" },
      { name: "Sbiba", nameAr: "سبيبة" },
      { name: "Thala", nameAr: "تالة" },
    ],
  },
  {
    id: 10,
    name: "Kébili",
    nameAr: "قبلي",
    delegations: [
      { name: "Douz Nord", nameAr: "دوز الشمالية" },
      { name: "Douz Sud", nameAr: "دوز الجنوبية" },
      { name: "Faouar", nameAr: "الفوار" },
      { name: "Kébili Nord", nameAr: "قبلي الشمالية" },
      { name: "Kébili Sud", nameAr: "قبلي الجنوبية" },
      { name: "Rjim Maatoug", nameAr: "رجيم معتوق" }, // created after 2014
      { name: "Souk Lahad", nameAr: "سوق الأحد" },
    ],
  },
  {
    id: 11,
    name: "La Manouba",
    nameAr: "منوبة",
    delegations: [
      { name: "Borj El Amri", nameAr: "برج العامري" },
      { name: "Djedeida", nameAr: "الجديدة" },
      { name: "Douar Hicher", nameAr: "دوار هيشر" },
      { name: "El Battan", nameAr: "البطان" },
      { name: "La Manouba", nameAr: "منوبة" },
      { name: "Mornaguia", nameAr: "المرناقية" },
      { name: "Oued Ellil", nameAr: "وادي الليل" },
      { name: "Tebourba", nameAr: "طبربة" },
    ],
  },
  {
    id: 12,
    name: "Le Kef",
    nameAr: "الكاف",
    delegations: [
      { name: "Dahmani", nameAr: "الدهماني" },
      { name: "El Ksour", nameAr: "القصور" },
      { name: "Jérissa", nameAr: "الجريصة" },
      { name: "Kalâat Khasba", nameAr: "القلعة الخصبة" },
      { name: "Kalâat Senan", nameAr: "قلعة سنان" },
      { name: "Kef Est", nameAr: "الكاف الشرقية" },
      { name: "Kef Ouest", nameAr: "الكاف الغربية" },
      { name: "Nebeur", nameAr: "نبر" },
      { name: "Sakiet Sidi Youssef", nameAr: "ساقية سيدي يوسف" },
      { name: "Sers", nameAr: "السرس" },
      { name: "Tajerouine", nameAr: "تاجروين" },
      { name: "Touiref", nameAr: "الطويرف" },
    ],
  },
  {
    id: 13,
    name: "Mahdia",
    nameAr: "المهدية",
    delegations: [
      { name: "Bou Merdes", nameAr: "بومرداس" },
      { name: "Chebba", nameAr: "الشابة" },
      { name: "Chorbane", nameAr: "شربان" },
      { name: "El Bradâa", nameAr: "البرادعة" }, // created after 2014
      { name: "El Jem", nameAr: "الجم" },
      { name: "Essouassi", nameAr: "السواسي" },
      { name: "Hebira", nameAr: "هبيرة" },
      { name: "Ksour Essef", nameAr: "قصور الساف" },
      { name: "Mahdia", nameAr: "المهدية" },
      { name: "Melloulèche", nameAr: "ملولش" },
      { name: "Ouled Chamekh", nameAr: "أولاد الشامخ" },
      { name: "Rejiche", nameAr: "رجيش" }, // created after 2014
      { name: "Sidi Alouane", nameAr: "سيدي علوان" },
    ],
  },
  {
    id: 14,
    name: "Médenine",
    nameAr: "مدنين",
    delegations: [
      { name: "Ben Gardane", nameAr: "بن قردان" },
      { name: "Beni Khedache", nameAr: "بني خداش" },
      { name: "Djerba Ajim", nameAr: "جربة أجيم" },
      { name: "Djerba Houmt Souk", nameAr: "جربة حومة السوق" },
      { name: "Djerba Midoun", nameAr: "جربة ميدون" },
      { name: "Médenine Nord", nameAr: "مدنين الشمالية" },
      { name: "Médenine Sud", nameAr: "مدنين الجنوبية" },
      { name: "Sidi Makhlouf", nameAr: "سيدي مخلوف" },
      { name: "Zarzis", nameAr: "جرجيس" },
    ],
  },
  {
    id: 15,
    name: "Monastir",
    nameAr: "المنستير",
    delegations: [
      { name: "Bekalta", nameAr: "البقالطة" },
      { name: "Bembla", nameAr: "بنبلة" },
      { name: "Beni Hassen", nameAr: "بني حسان" },
      { name: "Jemmal", nameAr: "جمال" },
      { name: "Ksar Hellal", nameAr: "قصر هلال" },
      { name: "Ksibet el-Médiouni", nameAr: "قصيبة المديوني" },
      { name: "Moknine", nameAr: "المكنين" },
      { name: "Monastir", nameAr: "المنستير" },
      { name: "Ouerdanine", nameAr: "الوردانين" },
      { name: "Sahline", nameAr: "الساحلين" },
      { name: "Sayada-Lamta-Bou Hajar", nameAr: "صيادة لمطة بوحجر" },
      { name: "Téboulba", nameAr: "طبلبة" },
      { name: "Zéramdine", nameAr: "زرمدين" },
    ],
  },
  {
    id: 16,
    name: "Nabeul",
    nameAr: "نابل",
    delegations: [
      { name: "Béni Khalled", nameAr: "بني خلاد" },
      { name: "Béni Khiar", nameAr: "بني خيار" },
      { name: "Bou Argoub", nameAr: "بوعرقوب" },
      { name: "Dar Chaâbane El Fehri", nameAr: "دار شعبان الفهري" },
      { name: "El Haouaria", nameAr: "الهوارية" },
      { name: "El Mida", nameAr: "الميدة" },
      { name: "Grombalia", nameAr: "قرمبالية" },
      { name: "Hammam Ghezèze", nameAr: "حمام الأغزاز" },
      { name: "Hammamet", nameAr: "الحمامات" },
      { name: "Kélibia", nameAr: "قليبية" },
      { name: "Korba", nameAr: "قربة" },
      { name: "Menzel Bouzelfa", nameAr: "منزل بوزلفة" },
      { name: "Menzel Temime", nameAr: "منزل تميم" },
      { name: "Nabeul", nameAr: "نابل" },
      { name: "Soliman", nameAr: "سليمان" },
      { name: "Takelsa", nameAr: "تاكلسة" },
    ],
  },
  {
    id: 17,
    name: "Sfax",
    nameAr: "صفاقس",
    delegations: [
      { name: "Agareb", nameAr: "عقارب" },
      { name: "Bir Ali Ben Khalifa", nameAr: "بئر علي بن خليفة" },
      { name: "El Amra", nameAr: "العامرة" },
      { name: "El Hencha", nameAr: "الحنشة" },
      { name: "Ghraïba", nameAr: "الغريبة" },
      { name: "Jebiniana", nameAr: "جبنيانة" },
      { name: "Kerkennah", nameAr: "قرقنة" },
      { name: "Mahrès", nameAr: "المحرس" },
      { name: "Menzel Chaker", nameAr: "منزل شاكر" },
      { name: "Sakiet Eddaïer", nameAr: "ساقية الدائر" },
      { name: "Sakiet Ezzit", nameAr: "ساقية الزيت" },
      { name: "Sfax Ouest", nameAr: "صفاقس الغربية" },
      { name: "Sfax Sud", nameAr: "صفاقس الجنوبية" },
      { name: "Sfax Ville", nameAr: "صفاقس المدينة" },
      { name: "Skhira", nameAr: "الصخيرة" },
      { name: "Thyna", nameAr: "طينة" },
    ],
  },
  {
    id: 18,
    name: "Sidi Bouzid",
    nameAr: "سيدي بوزيد",
    delegations: [
      { name: "Bir El Hafey", nameAr: "بئر الحفي" },
      { name: "Cebbala Ouled Asker", nameAr: "السبالة" },
      { name: "El Hichria", nameAr: "الهيشرية" }, // created after 2014
      { name: "Jilma", nameAr: "جلمة" },
      { name: "Mazzouna", nameAr: "المزونة" },
      { name: "Meknassy", nameAr: "المكناسي" },
      { name: "Menzel Bouzaiane", nameAr: "منزل بوزيان" },
      { name: "Ouled Haffouz", nameAr: "أولاد حفوز" },
      { name: "Regueb", nameAr: "الرقاب" },
      { name: "Sidi Ali Ben Aoun", nameAr: "سيدي علي بن عون" },
      { name: "Sidi Bouzid Est", nameAr: "سيدي بوزيد الشرقية" },
      { name: "Sidi Bouzid Ouest", nameAr: "سيدي بوزيد الغربية" },
      { name: "Souk Jedid", nameAr: "السوق الجديد" },
    ],
  },
  {
    id: 19,
    name: "Siliana",
    nameAr: "سليانة",
    delegations: [
      { name: "Bargou", nameAr: "برقو" },
      { name: "Bou Arada", nameAr: "بوعرادة" },
      { name: "El Aroussa", nameAr: "العروسة" },
      { name: "El Krib", nameAr: "الكريب" },
      { name: "Gaâfour", nameAr: "قعفور" },
      { name: "Kesra", nameAr: "كسرى" },
      { name: "Makthar", nameAr: "مكثر" },
      { name: "Rouhia", nameAr: "الروحية" },
      { name: "Sidi Bou Rouis", nameAr: "سيدي بورويس" },
      { name: "Siliana Nord", nameAr: "سليانة الشمالية" },
      { name: "Siliana Sud", nameAr: "سليانة الجنوبية" },
    ],
  },
  {
    id: 20,
    name: "Sousse",
    nameAr: "سوسة",
    delegations: [
      { name: "Akouda", nameAr: "أكودة" },
      { name: "Bouficha", nameAr: "بوفيشة" },
      { name: "Enfida", nameAr: "النفيضة" },
      { name: "Hammam Sousse", nameAr: "حمام سوسة" },
      { name: "Hergla", nameAr: "هرقلة" },
      { name: "Kalâa Kebira", nameAr: "القلعة الكبرى" },
      { name: "Kalâa Seghira", nameAr: "القلعة الصغرى" },
      { name: "Kondar", nameAr: "كندار" },
      { name: "M'saken", nameAr: "مساكن" },
      { name: "Sidi Bou Ali", nameAr: "سيدي بوعلي" },
      { name: "Sidi El Hani", nameAr: "سيدي الهاني" },
      { name: "Sousse Jawhara", nameAr: "سوسة جوهرة" },
      { name: "Sousse Médina", nameAr: "سوسة المدينة" },
      { name: "Sousse Riadh", nameAr: "سوسة الرياض" },
      { name: "Sousse Sidi Abdelhamid", nameAr: "سوسة سيدي عبد الحميد" },
      { name: "Zaouiet Ksibet Thrayet", nameAr: "الزاوية القصيبة الثريات" },
    ],
  },
  {
    id: 21,
    name: "Tataouine",
    nameAr: "تطاوين",
    delegations: [
      { name: "Béni Méhira", nameAr: "بني مهيرة" }, // created after 2014
      { name: "Bir Lahmar", nameAr: "بئر الأحمر" },
      { name: "Dehiba", nameAr: "الذهيبة" },
      { name: "Ghomrassen", nameAr: "غمراسن" },
      { name: "Remada", nameAr: "رمادة" },
      { name: "Smâr", nameAr: "الصمار" },
      { name: "Tataouine Nord", nameAr: "تطاوين الشمالية" },
      { name: "Tataouine Sud", nameAr: "تطاوين الجنوبية" },
    ],
  },
  {
    id: 22,
    name: "Tozeur",
    nameAr: "توزر",
    delegations: [
      { name: "Degache", nameAr: "دقاش" },
      { name: "Hazoua", nameAr: "حزوة" },
      { name: "Nefta", nameAr: "نفطة" },
      { name: "Tameghza", nameAr: "تمغزة" },
      { name: "Tozeur", nameAr: "توزر" },
    ],
  },
  {
    id: 23,
    name: "Tunis",
    nameAr: "تونس",
    delegations: [
      { name: "Bab El Bhar", nameAr: "باب البحر" },
      { name: "Bab Souika", nameAr: "باب سويقة" },
      { name: "Carthage", nameAr: "قرطاج" },
      { name: "Cité El Khadra", nameAr: "حي الخضراء" },
      { name: "Djebel Jelloud", nameAr: "جبل الجلود" },
      { name: "El Kabaria", nameAr: "الكبارية" },
      { name: "El Menzah", nameAr: "المنزه" },
      { name: "El Omrane", nameAr: "العمران" },
      { name: "El Omrane Supérieur", nameAr: "العمران الأعلى" },
      { name: "El Ouardia", nameAr: "الوردية" },
      { name: "Ettahrir", nameAr: "التحرير" },
      { name: "Ezzouhour", nameAr: "الزهور" },
      { name: "Hraïria", nameAr: "الحرايرية" },
      { name: "La Goulette", nameAr: "حلق الوادي" },
      { name: "La Marsa", nameAr: "المرسى" },
      { name: "Le Bardo", nameAr: "باردو" },
      { name: "Le Kram", nameAr: "الكرم" },
      { name: "Médina", nameAr: "المدينة" },
      { name: "Séjoumi", nameAr: "السيجومي" },
      { name: "Sidi El Béchir", nameAr: "سيدي البشير" },
      { name: "Sidi Hassine", nameAr: "سيدي حسين" },
    ],
  },
  {
    id: 24,
    name: "Zaghouan",
    nameAr: "زغوان",
    delegations: [
      { name: "Bir Mcherga", nameAr: "بئر مشارقة" },
      { name: "El Fahs", nameAr: "الفحص" },
      { name: "Nadhour", nameAr: "الناظور" },
      { name: "Saouaf", nameAr: "صواف" },
      { name: "Zaghouan", nameAr: "زغوان" },
      { name: "Zriba", nameAr: "الزريبة" },
    ],
  },
] as const satisfies readonly GovernorateSeed[];

// ───────────────────────── sample institutes ─────────────────────────

type Governorate = (typeof governorates)[number];

/** One valid (governorateId, delegation) pair per delegation of every governorate. */
type InstituteSeed = Governorate extends infer G
  ? G extends Governorate
    ? {
        readonly governorateId: G["id"];
        readonly delegation: G["delegations"][number]["name"];
        readonly name: string;
      }
    : never
  : never;

/**
 * 2–3 sample schools per governorate. The type checks that `delegation` belongs to
 * the governorate `governorateId`.
 * Real, well-known schools: the lycées/collèges "pilotes" (one per governorate),
 * Collège Sadiki, Lycée Pilote Bourguiba (ex-Lycée Carnot) and Lycée de la Rue du
 * Pacha in Tunis. The others are generic placeholders named "Lycée/Collège <delegation>".
 * Where a chef-lieu is split across several delegations, the delegation of its
 * pilot school is approximate (marked).
 */
export const institutes = [
  { governorateId: 1, delegation: "Ariana Ville", name: "Lycée Pilote de l'Ariana" }, // Ariana
  { governorateId: 1, delegation: "La Soukra", name: "Lycée La Soukra" }, // Ariana
  { governorateId: 1, delegation: "Raoued", name: "Collège Raoued" }, // Ariana
  { governorateId: 2, delegation: "Béja Nord", name: "Collège Pilote de Béja" }, // Béja — delegation approximate (Béja city is split Nord/Sud)
  { governorateId: 2, delegation: "Téboursouk", name: "Lycée Téboursouk" }, // Béja
  { governorateId: 2, delegation: "Medjez el-Bab", name: "Collège Medjez el-Bab" }, // Béja
  { governorateId: 3, delegation: "Mégrine", name: "Collège Pilote de Mégrine" }, // Ben Arous
  { governorateId: 3, delegation: "Hammam Lif", name: "Lycée Hammam Lif" }, // Ben Arous
  { governorateId: 3, delegation: "El Mourouj", name: "Collège El Mourouj" }, // Ben Arous
  { governorateId: 4, delegation: "Bizerte Nord", name: "Lycée Pilote de Bizerte" }, // Bizerte — delegation approximate (Bizerte city is split Nord/Sud)
  { governorateId: 4, delegation: "Menzel Bourguiba", name: "Lycée Menzel Bourguiba" }, // Bizerte
  { governorateId: 4, delegation: "Mateur", name: "Collège Mateur" }, // Bizerte
  { governorateId: 5, delegation: "Gabès Médina", name: "Lycée Pilote de Gabès" }, // Gabès — delegation approximate (Gabès city spans several delegations)
  { governorateId: 5, delegation: "El Hamma", name: "Lycée El Hamma" }, // Gabès
  { governorateId: 5, delegation: "Mareth", name: "Collège Mareth" }, // Gabès
  { governorateId: 6, delegation: "Gafsa Sud", name: "Lycée Pilote de Gafsa" }, // Gafsa — delegation approximate (Gafsa city is split Nord/Sud)
  { governorateId: 6, delegation: "Métlaoui", name: "Lycée Métlaoui" }, // Gafsa
  { governorateId: 6, delegation: "Redeyef", name: "Collège Redeyef" }, // Gafsa
  { governorateId: 7, delegation: "Jendouba", name: "Lycée Pilote de Jendouba" }, // Jendouba
  { governorateId: 7, delegation: "Tabarka", name: "Lycée Tabarka" }, // Jendouba
  { governorateId: 7, delegation: "Aïn Draham", name: "Collège Aïn Draham" }, // Jendouba
  { governorateId: 8, delegation: "Kairouan Nord", name: "Lycée Pilote de Kairouan" }, // Kairouan — delegation approximate (Kairouan city is split Nord/Sud)
  { governorateId: 8, delegation: "Haffouz", name: "Lycée Haffouz" }, // Kairouan
  { governorateId: 8, delegation: "Sbikha", name: "Collège Sbikha" }, // Kairouan
  { governorateId: 9, delegation: "Kasserine Nord", name: "Lycée Pilote de Kasserine" }, // Kasserine — delegation approximate (Kasserine city is split Nord/Sud)
  { governorateId: 9, delegation: "Sbeïtla", name: "Lycée Sbeïtla" }, // Kasserine
  { governorateId: 9, delegation: "Thala", name: "Collège Thala" }, // Kasserine
  { governorateId: 10, delegation: "Souk Lahad", name: "Lycée Souk Lahad" }, // Kébili
  { governorateId: 10, delegation: "Faouar", name: "Collège Faouar" }, // Kébili
  { governorateId: 10, delegation: "Douz Nord", name: "Lycée Douz Nord" }, // Kébili
  { governorateId: 11, delegation: "La Manouba", name: "Lycée Pilote de La Manouba" }, // La Manouba
  { governorateId: 11, delegation: "Tebourba", name: "Lycée Tebourba" }, // La Manouba
  { governorateId: 11, delegation: "Oued Ellil", name: "Collège Oued Ellil" }, // La Manouba
  { governorateId: 12, delegation: "Tajerouine", name: "Lycée Tajerouine" }, // Le Kef
  { governorateId: 12, delegation: "Dahmani", name: "Collège Dahmani" }, // Le Kef
  { governorateId: 12, delegation: "Sakiet Sidi Youssef", name: "Lycée Sakiet Sidi Youssef" }, // Le Kef
  { governorateId: 13, delegation: "Mahdia", name: "Lycée Pilote de Mahdia" }, // Mahdia
  { governorateId: 13, delegation: "El Jem", name: "Lycée El Jem" }, // Mahdia
  { governorateId: 13, delegation: "Chebba", name: "Collège Chebba" }, // Mahdia
  { governorateId: 14, delegation: "Djerba Houmt Souk", name: "Collège Pilote de Houmt Souk" }, // Médenine
  { governorateId: 14, delegation: "Zarzis", name: "Lycée Zarzis" }, // Médenine
  { governorateId: 14, delegation: "Ben Gardane", name: "Lycée Ben Gardane" }, // Médenine
  { governorateId: 15, delegation: "Monastir", name: "Lycée Pilote de Monastir" }, // Monastir
  { governorateId: 15, delegation: "Ksar Hellal", name: "Lycée Ksar Hellal" }, // Monastir
  { governorateId: 15, delegation: "Moknine", name: "Collège Moknine" }, // Monastir
  { governorateId: 16, delegation: "Nabeul", name: "Lycée Pilote de Nabeul" }, // Nabeul
  { governorateId: 16, delegation: "Kélibia", name: "Lycée Kélibia" }, // Nabeul
  { governorateId: 16, delegation: "Hammamet", name: "Collège Hammamet" }, // Nabeul
  { governorateId: 17, delegation: "Sfax Ville", name: "Lycée Pilote de Sfax" }, // Sfax — delegation approximate (Sfax city spans several delegations)
  { governorateId: 17, delegation: "Mahrès", name: "Lycée Mahrès" }, // Sfax
  { governorateId: 17, delegation: "Kerkennah", name: "Collège Kerkennah" }, // Sfax
  { governorateId: 18, delegation: "Regueb", name: "Lycée Regueb" }, // Sidi Bouzid
  { governorateId: 18, delegation: "Meknassy", name: "Collège Meknassy" }, // Sidi Bouzid
  { governorateId: 18, delegation: "Menzel Bouzaiane", name: "Lycée Menzel Bouzaiane" }, // Sidi Bouzid
  { governorateId: 19, delegation: "Makthar", name: "Lycée Makthar" }, // Siliana
  { governorateId: 19, delegation: "Bou Arada", name: "Collège Bou Arada" }, // Siliana
  { governorateId: 19, delegation: "Gaâfour", name: "Lycée Gaâfour" }, // Siliana
  { governorateId: 20, delegation: "Sousse Médina", name: "Lycée Pilote de Sousse" }, // Sousse — delegation approximate (Sousse city spans several delegations)
  { governorateId: 20, delegation: "M'saken", name: "Lycée M'saken" }, // Sousse
  { governorateId: 20, delegation: "Enfida", name: "Collège Enfida" }, // Sousse
  { governorateId: 21, delegation: "Ghomrassen", name: "Lycée Ghomrassen" }, // Tataouine
  { governorateId: 21, delegation: "Remada", name: "Collège Remada" }, // Tataouine
  { governorateId: 22, delegation: "Tozeur", name: "Lycée Pilote de Tozeur" }, // Tozeur
  { governorateId: 22, delegation: "Nefta", name: "Lycée Nefta" }, // Tozeur
  { governorateId: 22, delegation: "Degache", name: "Collège Degache" }, // Tozeur
  { governorateId: 23, delegation: "Médina", name: "Collège Sadiki" }, // Tunis
  { governorateId: 23, delegation: "Bab El Bhar", name: "Lycée Pilote Bourguiba de Tunis" }, // Tunis
  { governorateId: 23, delegation: "Médina", name: "Lycée de la Rue du Pacha" }, // Tunis
  { governorateId: 24, delegation: "Zaghouan", name: "Collège Pilote de Zaghouan" }, // Zaghouan
  { governorateId: 24, delegation: "El Fahs", name: "Lycée El Fahs" }, // Zaghouan
  { governorateId: 24, delegation: "Zriba", name: "Collège Zriba" }, // Zaghouan
] as const satisfies readonly InstituteSeed[];

// ───────────────────────── divisions (classes) ─────────────────────────

/**
 * Every class served, ids sequential from 1 in school order (position = id).
 *
 * NOTE: the ids stop at 23. The product treats "division 31" as special, but the
 * Tunisian classes listed here are only 23, so no division has id 31; ids were
 * deliberately not padded. Whoever owns the "division 31" rule must map it to one
 * of these ids (e.g. a bac track, 18–23) or add the missing class explicitly.
 * Not included: the Sport track (2ème année Sport / Bac Sport) offered by some lycées.
 */
export const divisions = [
  { id: 1, level: "primary", name: "4ème année primaire", nameEn: "4th year primary", nameAr: "السنة الرابعة ابتدائي", position: 1 },
  { id: 2, level: "primary", name: "5ème année primaire", nameEn: "5th year primary", nameAr: "السنة الخامسة ابتدائي", position: 2 },
  { id: 3, level: "primary", name: "6ème année primaire", nameEn: "6th year primary", nameAr: "السنة السادسة ابتدائي", position: 3 },
  { id: 4, level: "basic", name: "7ème année de base", nameEn: "7th year basic", nameAr: "السنة السابعة أساسي", position: 4 },
  { id: 5, level: "basic", name: "8ème année de base", nameEn: "8th year basic", nameAr: "السنة الثامنة أساسي", position: 5 },
  { id: 6, level: "basic", name: "9ème année de base", nameEn: "9th year basic", nameAr: "السنة التاسعة أساسي", position: 6 },
  { id: 7, level: "secondary", name: "1ère année secondaire", nameEn: "1st year secondary", nameAr: "السنة الأولى ثانوي", position: 7 },
  { id: 8, level: "secondary", name: "2ème année Sciences", nameEn: "2nd year secondary – Sciences", nameAr: "السنة الثانية ثانوي علوم", position: 8 },
  { id: 9, level: "secondary", name: "2ème année Lettres", nameEn: "2nd year secondary – Humanities", nameAr: "السنة الثانية ثانوي آداب", position: 9 },
  { id: 10, level: "secondary", name: "2ème année Économie et Services", nameEn: "2nd year secondary – Economics and Services", nameAr: "السنة الثانية ثانوي اقتصاد وخدمات", position: 10 },
  { id: 11, level: "secondary", name: "2ème année Technologies de l'informatique", nameEn: "2nd year secondary – Information Technology", nameAr: "السنة الثانية ثانوي تكنولوجيا الإعلامية", position: 11 },
  { id: 12, level: "secondary", name: "3ème année Mathématiques", nameEn: "3rd year secondary – Mathematics", nameAr: "السنة الثالثة ثانوي رياضيات", position: 12 },
  { id: 13, level: "secondary", name: "3ème année Sciences expérimentales", nameEn: "3rd year secondary – Experimental Sciences", nameAr: "السنة الثالثة ثانوي علوم تجريبية", position: 13 },
  { id: 14, level: "secondary", name: "3ème année Économie et Gestion", nameEn: "3rd year secondary – Economics and Management", nameAr: "السنة الثالثة ثانوي اقتصاد وتصرف", position: 14 },
  { id: 15, level: "secondary", name: "3ème année Lettres", nameEn: "3rd year secondary – Humanities", nameAr: "السنة الثالثة ثانوي آداب", position: 15 },
  { id: 16, level: "secondary", name: "3ème année Sciences techniques", nameEn: "3rd year secondary – Technical Sciences", nameAr: "السنة الثالثة ثانوي علوم تقنية", position: 16 },
  { id: 17, level: "secondary", name: "3ème année Sciences de l'informatique", nameEn: "3rd year secondary – Computer Science", nameAr: "السنة الثالثة ثانوي علوم الإعلامية", position: 17 },
  { id: 18, level: "baccalaureate", name: "Bac Mathématiques", nameEn: "Baccalaureate – Mathematics", nameAr: "باكالوريا رياضيات", position: 18 },
  { id: 19, level: "baccalaureate", name: "Bac Sciences expérimentales", nameEn: "Baccalaureate – Experimental Sciences", nameAr: "باكالوريا علوم تجريبية", position: 19 },
  { id: 20, level: "baccalaureate", name: "Bac Économie et Gestion", nameEn: "Baccalaureate – Economics and Management", nameAr: "باكالوريا اقتصاد وتصرف", position: 20 },
  { id: 21, level: "baccalaureate", name: "Bac Lettres", nameEn: "Baccalaureate – Humanities", nameAr: "باكالوريا آداب", position: 21 },
  { id: 22, level: "baccalaureate", name: "Bac Sciences techniques", nameEn: "Baccalaureate – Technical Sciences", nameAr: "باكالوريا علوم تقنية", position: 22 },
  { id: 23, level: "baccalaureate", name: "Bac Sciences de l'informatique", nameEn: "Baccalaureate – Computer Science", nameAr: "باكالوريا علوم الإعلامية", position: 23 },
] as const satisfies readonly DivisionSeed[];

// ───────────────────────── optional subjects ─────────────────────────

/**
 * The "matière optionnelle" (third foreign language or an art) for each division
 * from 2ème année secondaire up to the bac: divisions 8–23. The same
 * 10 options per division; ids are unique globally (division 8 → 1–10, etc.).
 * Which of them a given lycée actually offers varies by school.
 */
export const optionalSubjects = [
  // 2ème année Sciences
  { divisionId: 8, id: 1, name: "Allemand", nameAr: "الألمانية" },
  { divisionId: 8, id: 2, name: "Italien", nameAr: "الإيطالية" },
  { divisionId: 8, id: 3, name: "Espagnol", nameAr: "الإسبانية" },
  { divisionId: 8, id: 4, name: "Russe", nameAr: "الروسية" },
  { divisionId: 8, id: 5, name: "Chinois", nameAr: "الصينية" },
  { divisionId: 8, id: 6, name: "Turc", nameAr: "التركية" },
  { divisionId: 8, id: 7, name: "Portugais", nameAr: "البرتغالية" },
  { divisionId: 8, id: 8, name: "Éducation musicale", nameAr: "التربية الموسيقية" },
  { divisionId: 8, id: 9, name: "Arts plastiques", nameAr: "التربية التشكيلية" },
  { divisionId: 8, id: 10, name: "Théâtre", nameAr: "المسرح" },
  // 2ème année Lettres
  { divisionId: 9, id: 11, name: "Allemand", nameAr: "الألمانية" },
  { divisionId: 9, id: 12, name: "Italien", nameAr: "الإيطالية" },
  { divisionId: 9, id: 13, name: "Espagnol", nameAr: "الإسبانية" },
  { divisionId: 9, id: 14, name: "Russe", nameAr: "الروسية" },
  { divisionId: 9, id: 15, name: "Chinois", nameAr: "الصينية" },
  { divisionId: 9, id: 16, name: "Turc", nameAr: "التركية" },
  { divisionId: 9, id: 17, name: "Portugais", nameAr: "البرتغالية" },
  { divisionId: 9, id: 18, name: "Éducation musicale", nameAr: "التربية الموسيقية" },
  { divisionId: 9, id: 19, name: "Arts plastiques", nameAr: "التربية التشكيلية" },
  { divisionId: 9, id: 20, name: "Théâtre", nameAr: "المسرح" },
  // 2ème année Économie et Services
  { divisionId: 10, id: 21, name: "Allemand", nameAr: "الألمانية" },
  { divisionId: 10, id: 22, name: "Italien", nameAr: "الإيطالية" },
  { divisionId: 10, id: 23, name: "Espagnol", nameAr: "الإسبانية" },
  { divisionId: 10, id: 24, name: "Russe", nameAr: "الروسية" },
  { divisionId: 10, id: 25, name: "Chinois", nameAr: "الصينية" },
  { divisionId: 10, id: 26, name: "Turc", nameAr: "التركية" },
  { divisionId: 10, id: 27, name: "Portugais", nameAr: "البرتغالية" },
  { divisionId: 10, id: 28, name: "Éducation musicale", nameAr: "التربية الموسيقية" },
  { divisionId: 10, id: 29, name: "Arts plastiques", nameAr: "التربية التشكيلية" },
  { divisionId: 10, id: 30, name: "Théâtre", nameAr: "المسرح" },
  // 2ème année Technologies de l'informatique
  { divisionId: 11, id: 31, name: "Allemand", nameAr: "الألمانية" },
  { divisionId: 11, id: 32, name: "Italien", nameAr: "الإيطالية" },
  { divisionId: 11, id: 33, name: "Espagnol", nameAr: "الإسبانية" },
  { divisionId: 11, id: 34, name: "Russe", nameAr: "الروسية" },
  { divisionId: 11, id: 35, name: "Chinois", nameAr: "الصينية" },
  { divisionId: 11, id: 36, name: "Turc", nameAr: "التركية" },
  { divisionId: 11, id: 37, name: "Portugais", nameAr: "البرتغالية" },
  { divisionId: 11, id: 38, name: "Éducation musicale", nameAr: "التربية الموسيقية" },
  { divisionId: 11, id: 39, name: "Arts plastiques", nameAr: "التربية التشكيلية" },
  { divisionId: 11, id: 40, name: "Théâtre", nameAr: "المسرح" },
  // 3ème année Mathématiques
  { divisionId: 12, id: 41, name: "Allemand", nameAr: "الألمانية" },
  { divisionId: 12, id: 42, name: "Italien", nameAr: "الإيطالية" },
  { divisionId: 12, id: 43, name: "Espagnol", nameAr: "الإسبانية" },
  { divisionId: 12, id: 44, name: "Russe", nameAr: "الروسية" },
  { divisionId: 12, id: 45, name: "Chinois", nameAr: "الصينية" },
  { divisionId: 12, id: 46, name: "Turc", nameAr: "التركية" },
  { divisionId: 12, id: 47, name: "Portugais", nameAr: "البرتغالية" },
  { divisionId: 12, id: 48, name: "Éducation musicale", nameAr: "التربية الموسيقية" },
  { divisionId: 12, id: 49, name: "Arts plastiques", nameAr: "التربية التشكيلية" },
  { divisionId: 12, id: 50, name: "Théâtre", nameAr: "المسرح" },
  // 3ème année Sciences expérimentales
  { divisionId: 13, id: 51, name: "Allemand", nameAr: "الألمانية" },
  { divisionId: 13, id: 52, name: "Italien", nameAr: "الإيطالية" },
  { divisionId: 13, id: 53, name: "Espagnol", nameAr: "الإسبانية" },
  { divisionId: 13, id: 54, name: "Russe", nameAr: "الروسية" },
  { divisionId: 13, id: 55, name: "Chinois", nameAr: "الصينية" },
  { divisionId: 13, id: 56, name: "Turc", nameAr: "التركية" },
  { divisionId: 13, id: 57, name: "Portugais", nameAr: "البرتغالية" },
  { divisionId: 13, id: 58, name: "Éducation musicale", nameAr: "التربية الموسيقية" },
  { divisionId: 13, id: 59, name: "Arts plastiques", nameAr: "التربية التشكيلية" },
  { divisionId: 13, id: 60, name: "Théâtre", nameAr: "المسرح" },
  // 3ème année Économie et Gestion
  { divisionId: 14, id: 61, name: "Allemand", nameAr: "الألمانية" },
  { divisionId: 14, id: 62, name: "Italien", nameAr: "الإيطالية" },
  { divisionId: 14, id: 63, name: "Espagnol", nameAr: "الإسبانية" },
  { divisionId: 14, id: 64, name: "Russe", nameAr: "الروسية" },
  { divisionId: 14, id: 65, name: "Chinois", nameAr: "الصينية" },
  { divisionId: 14, id: 66, name: "Turc", nameAr: "التركية" },
  { divisionId: 14, id: 67, name: "Portugais", nameAr: "البرتغالية" },
  { divisionId: 14, id: 68, name: "Éducation musicale", nameAr: "التربية الموسيقية" },
  { divisionId: 14, id: 69, name: "Arts plastiques", nameAr: "التربية التشكيلية" },
  { divisionId: 14, id: 70, name: "Théâtre", nameAr: "المسرح" },
  // 3ème année Lettres
  { divisionId: 15, id: 71, name: "Allemand", nameAr: "الألمانية" },
  { divisionId: 15, id: 72, name: "Italien", nameAr: "الإيطالية" },
  { divisionId: 15, id: 73, name: "Espagnol", nameAr: "الإسبانية" },
  { divisionId: 15, id: 74, name: "Russe", nameAr: "الروسية" },
  { divisionId: 15, id: 75, name: "Chinois", nameAr: "الصينية" },
  { divisionId: 15, id: 76, name: "Turc", nameAr: "التركية" },
  { divisionId: 15, id: 77, name: "Portugais", nameAr: "البرتغالية" },
  { divisionId: 15, id: 78, name: "Éducation musicale", nameAr: "التربية الموسيقية" },
  { divisionId: 15, id: 79, name: "Arts plastiques", nameAr: "التربية التشكيلية" },
  { divisionId: 15, id: 80, name: "Théâtre", nameAr: "المسرح" },
  // 3ème année Sciences techniques
  { divisionId: 16, id: 81, name: "Allemand", nameAr: "الألمانية" },
  { divisionId: 16, id: 82, name: "Italien", nameAr: "الإيطالية" },
  { divisionId: 16, id: 83, name: "Espagnol", nameAr: "الإسبانية" },
  { divisionId: 16, id: 84, name: "Russe", nameAr: "الروسية" },
  { divisionId: 16, id: 85, name: "Chinois", nameAr: "الصينية" },
  { divisionId: 16, id: 86, name: "Turc", nameAr: "التركية" },
  { divisionId: 16, id: 87, name: "Portugais", nameAr: "البرتغالية" },
  { divisionId: 16, id: 88, name: "Éducation musicale", nameAr: "التربية الموسيقية" },
  { divisionId: 16, id: 89, name: "Arts plastiques", nameAr: "التربية التشكيلية" },
  { divisionId: 16, id: 90, name: "Théâtre", nameAr: "المسرح" },
  // 3ème année Sciences de l'informatique
  { divisionId: 17, id: 91, name: "Allemand", nameAr: "الألمانية" },
  { divisionId: 17, id: 92, name: "Italien", nameAr: "الإيطالية" },
  { divisionId: 17, id: 93, name: "Espagnol", nameAr: "الإسبانية" },
  { divisionId: 17, id: 94, name: "Russe", nameAr: "الروسية" },
  { divisionId: 17, id: 95, name: "Chinois", nameAr: "الصينية" },
  { divisionId: 17, id: 96, name: "Turc", nameAr: "التركية" },
  { divisionId: 17, id: 97, name: "Portugais", nameAr: "البرتغالية" },
  { divisionId: 17, id: 98, name: "Éducation musicale", nameAr: "التربية الموسيقية" },
  { divisionId: 17, id: 99, name: "Arts plastiques", nameAr: "التربية التشكيلية" },
  { divisionId: 17, id: 100, name: "Théâtre", nameAr: "المسرح" },
  // Bac Mathématiques
  { divisionId: 18, id: 101, name: "Allemand", nameAr: "الألمانية" },
  { divisionId: 18, id: 102, name: "Italien", nameAr: "الإيطالية" },
  { divisionId: 18, id: 103, name: "Espagnol", nameAr: "الإسبانية" },
  { divisionId: 18, id: 104, name: "Russe", nameAr: "الروسية" },
  { divisionId: 18, id: 105, name: "Chinois", nameAr: "الصينية" },
  { divisionId: 18, id: 106, name: "Turc", nameAr: "التركية" },
  { divisionId: 18, id: 107, name: "Portugais", nameAr: "البرتغالية" },
  { divisionId: 18, id: 108, name: "Éducation musicale", nameAr: "التربية الموسيقية" },
  { divisionId: 18, id: 109, name: "Arts plastiques", nameAr: "التربية التشكيلية" },
  { divisionId: 18, id: 110, name: "Théâtre", nameAr: "المسرح" },
  // Bac Sciences expérimentales
  { divisionId: 19, id: 111, name: "Allemand", nameAr: "الألمانية" },
  { divisionId: 19, id: 112, name: "Italien", nameAr: "الإيطالية" },
  { divisionId: 19, id: 113, name: "Espagnol", nameAr: "الإسبانية" },
  { divisionId: 19, id: 114, name: "Russe", nameAr: "الروسية" },
  { divisionId: 19, id: 115, name: "Chinois", nameAr: "الصينية" },
  { divisionId: 19, id: 116, name: "Turc", nameAr: "التركية" },
  { divisionId: 19, id: 117, name: "Portugais", nameAr: "البرتغالية" },
  { divisionId: 19, id: 118, name: "Éducation musicale", nameAr: "التربية الموسيقية" },
  { divisionId: 19, id: 119, name: "Arts plastiques", nameAr: "التربية التشكيلية" },
  { divisionId: 19, id: 120, name: "Théâtre", nameAr: "المسرح" },
  // Bac Économie et Gestion
  { divisionId: 20, id: 121, name: "Allemand", nameAr: "الألمانية" },
  { divisionId: 20, id: 122, name: "Italien", nameAr: "الإيطالية" },
  { divisionId: 20, id: 123, name: "Espagnol", nameAr: "الإسبانية" },
  { divisionId: 20, id: 124, name: "Russe", nameAr: "الروسية" },
  { divisionId: 20, id: 125, name: "Chinois", nameAr: "الصينية" },
  { divisionId: 20, id: 126, name: "Turc", nameAr: "التركية" },
  { divisionId: 20, id: 127, name: "Portugais", nameAr: "البرتغالية" },
  { divisionId: 20, id: 128, name: "Éducation musicale", nameAr: "التربية الموسيقية" },
  { divisionId: 20, id: 129, name: "Arts plastiques", nameAr: "التربية التشكيلية" },
  { divisionId: 20, id: 130, name: "Théâtre", nameAr: "المسرح" },
  // Bac Lettres
  { divisionId: 21, id: 131, name: "Allemand", nameAr: "الألمانية" },
  { divisionId: 21, id: 132, name: "Italien", nameAr: "الإيطالية" },
  { divisionId: 21, id: 133, name: "Espagnol", nameAr: "الإسبانية" },
  { divisionId: 21, id: 134, name: "Russe", nameAr: "الروسية" },
  { divisionId: 21, id: 135, name: "Chinois", nameAr: "الصينية" },
  { divisionId: 21, id: 136, name: "Turc", nameAr: "التركية" },
  { divisionId: 21, id: 137, name: "Portugais", nameAr: "البرتغالية" },
  { divisionId: 21, id: 138, name: "Éducation musicale", nameAr: "التربية الموسيقية" },
  { divisionId: 21, id: 139, name: "Arts plastiques", nameAr: "التربية التشكيلية" },
  { divisionId: 21, id: 140, name: "Théâtre", nameAr: "المسرح" },
  // Bac Sciences techniques
  { divisionId: 22, id: 141, name: "Allemand", nameAr: "الألمانية" },
  { divisionId: 22, id: 142, name: "Italien", nameAr: "الإيطالية" },
  { divisionId: 22, id: 143, name: "Espagnol", nameAr: "الإسبانية" },
  { divisionId: 22, id: 144, name: "Russe", nameAr: "الروسية" },
  { divisionId: 22, id: 145, name: "Chinois", nameAr: "الصينية" },
  { divisionId: 22, id: 146, name: "Turc", nameAr: "التركية" },
  { divisionId: 22, id: 147, name: "Portugais", nameAr: "البرتغالية" },
  { divisionId: 22, id: 148, name: "Éducation musicale", nameAr: "التربية الموسيقية" },
  { divisionId: 22, id: 149, name: "Arts plastiques", nameAr: "التربية التشكيلية" },
  { divisionId: 22, id: 150, name: "Théâtre", nameAr: "المسرح" },
  // Bac Sciences de l'informatique
  { divisionId: 23, id: 151, name: "Allemand", nameAr: "الألمانية" },
  { divisionId: 23, id: 152, name: "Italien", nameAr: "الإيطالية" },
  { divisionId: 23, id: 153, name: "Espagnol", nameAr: "الإسبانية" },
  { divisionId: 23, id: 154, name: "Russe", nameAr: "الروسية" },
  { divisionId: 23, id: 155, name: "Chinois", nameAr: "الصينية" },
  { divisionId: 23, id: 156, name: "Turc", nameAr: "التركية" },
  { divisionId: 23, id: 157, name: "Portugais", nameAr: "البرتغالية" },
  { divisionId: 23, id: 158, name: "Éducation musicale", nameAr: "التربية الموسيقية" },
  { divisionId: 23, id: 159, name: "Arts plastiques", nameAr: "التربية التشكيلية" },
  { divisionId: 23, id: 160, name: "Théâtre", nameAr: "المسرح" },
] as const satisfies readonly OptionalSubjectSeed[];

// ───────────────────────── class-change reasons ─────────────────────────

/** Id 4 is the free-text "other" reason (OTHER_REASON_ID in domain/constants.ts). */
export const editDivisionReasons = [
  { id: 1, name: "Erreur lors de l'inscription", nameEn: "Mistake during registration", nameAr: "خطأ عند التسجيل" },
  { id: 2, name: "Réorientation", nameEn: "Change of track", nameAr: "إعادة التوجيه" },
  { id: 3, name: "Redoublement", nameEn: "Repeating the year", nameAr: "إعادة السنة" },
  { id: 4, name: "Autre", nameEn: "Other", nameAr: "أخرى" },
] as const satisfies readonly EditDivisionReasonSeed[];

// ───────────────────────── countries ─────────────────────────

/** Id 1 is Tunisia (TUNISIA_COUNTRY_ID in domain/constants.ts). */
export const countries = [
  { id: 1, name: "Tunisie", nameEn: "Tunisia", nameAr: "تونس", code: "TN" },
  { id: 2, name: "Algérie", nameEn: "Algeria", nameAr: "الجزائر", code: "DZ" },
  { id: 3, name: "Libye", nameEn: "Libya", nameAr: "ليبيا", code: "LY" },
  { id: 4, name: "Maroc", nameEn: "Morocco", nameAr: "المغرب", code: "MA" },
  { id: 5, name: "Mauritanie", nameEn: "Mauritania", nameAr: "موريتانيا", code: "MR" },
  { id: 6, name: "Égypte", nameEn: "Egypt", nameAr: "مصر", code: "EG" },
  { id: 7, name: "France", nameEn: "France", nameAr: "فرنسا", code: "FR" },
  { id: 8, name: "Italie", nameEn: "Italy", nameAr: "إيطاليا", code: "IT" },
  { id: 9, name: "Allemagne", nameEn: "Germany", nameAr: "ألمانيا", code: "DE" },
  { id: 10, name: "Belgique", nameEn: "Belgium", nameAr: "بلجيكا", code: "BE" },
  { id: 11, name: "Suisse", nameEn: "Switzerland", nameAr: "سويسرا", code: "CH" },
  { id: 12, name: "Canada", nameEn: "Canada", nameAr: "كندا", code: "CA" },
  { id: 13, name: "Qatar", nameEn: "Qatar", nameAr: "قطر", code: "QA" },
  { id: 14, name: "Émirats arabes unis", nameEn: "United Arab Emirates", nameAr: "الإمارات العربية المتحدة", code: "AE" },
  { id: 15, name: "Arabie saoudite", nameEn: "Saudi Arabia", nameAr: "المملكة العربية السعودية", code: "SA" },
  { id: 16, name: "Turquie", nameEn: "Turkey", nameAr: "تركيا", code: "TR" },
] as const satisfies readonly CountrySeed[];
