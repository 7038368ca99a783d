#!/usr/bin/env node
// Makes the small media the demo lessons play, so every content type works on a machine without internet.
// Output is committed under server/media/; run again only to change it.
//  - magazines: SVG pages (text, a few kB each), French left-to-right and Arabic right-to-left;
//  - videos: 30-second test clips (WebM VP9/Opus and MP4 H.264/AAC) made with ffmpeg when it is installed, and a 144p
//    `<name>.lite.mp4` of each, the lowest quality, played in lite mode.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const ROOT = new URL("..", import.meta.url).pathname;
const MEDIA = join(ROOT, "server/media");

const esc = (s) => s.replace(/[&<>]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;" })[c]);

function page({ title, lines, n, total, rtl, color }) {
  // With direction="rtl", "start" is the right-hand edge: both scripts anchor at their reading start.
  const anchor = "start";
  const x = rtl ? 560 : 40;
  const body = lines
    .map((l, i) => `<text x="${x}" y="${190 + i * 34}" font-size="${l.startsWith("• ") || l.startsWith("- ") ? 20 : 22}" text-anchor="${anchor}" direction="${rtl ? "rtl" : "ltr"}">${esc(l)}</text>`)
    .join("\n  ");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="840" viewBox="0 0 600 840" font-family="'Noto Sans', 'Noto Sans Arabic', Arial, sans-serif">
  <rect width="600" height="840" fill="#fffdf8"/>
  <rect width="600" height="120" fill="${color}"/>
  <text x="${x}" y="76" font-size="${title.length > 28 ? 23 : 30}" font-weight="700" fill="#fff" text-anchor="${anchor}" direction="${rtl ? "rtl" : "ltr"}">${esc(title)}</text>
  <g fill="#1f2937">
  ${body}
  </g>
  <line x1="40" y1="780" x2="560" y2="780" stroke="#d1d5db"/>
  <text x="300" y="812" font-size="16" fill="#6b7280" text-anchor="middle">Darsi · ${n} / ${total}</text>
</svg>
`;
}

const MAGAZINES = {
  "limites-et-continuite": {
    rtl: false,
    color: "#4263eb",
    pages: [
      ["Limites et continuité", ["Objectifs du chapitre :", "• Calculer la limite d'une fonction en un point", "• Lever une forme indéterminée", "• Étudier la continuité sur un intervalle"]],
      ["1. Limite finie en un point", ["f admet la limite L en a si f(x) se rapproche", "de L quand x se rapproche de a.", "On note : lim f(x) = L quand x → a.", "Exemple : lim (2x + 1) = 7 quand x → 3."]],
      ["2. Formes indéterminées", ["Les formes ∞ − ∞, 0 × ∞, ∞ / ∞ et 0 / 0", "demandent une transformation :", "• factoriser par le terme dominant", "• multiplier par la quantité conjuguée"]],
      ["3. Continuité", ["f est continue en a si lim f(x) = f(a).", "Les fonctions polynômes, rationnelles", "(sur leur domaine), sinus et cosinus", "sont continues."]],
      ["4. Théorème des valeurs intermédiaires", ["Si f est continue sur [a, b] et si k est", "compris entre f(a) et f(b), alors il existe", "c dans [a, b] tel que f(c) = k.", "Application : existence de solutions."]],
      ["Exercice corrigé", ["Montrer que x³ + x − 1 = 0 admet", "une solution dans [0, 1].", "f(0) = −1 < 0 et f(1) = 1 > 0 ;", "f est continue : le TVI conclut."]],
    ],
  },
  derivabilite: {
    rtl: false,
    color: "#4263eb",
    pages: [
      ["Dérivabilité", ["Objectifs du chapitre :", "• Reconnaître une fonction dérivable en un point", "• Calculer des dérivées", "• Étudier les variations d'une fonction"]],
      ["1. Nombre dérivé", ["f est dérivable en a si (f(x) − f(a)) / (x − a)", "admet une limite finie quand x → a.", "Cette limite est le nombre dérivé f′(a).", "Exemple : f(x) = x², f′(3) = 6."]],
      ["2. Tangente à la courbe", ["Si f est dérivable en a, la courbe admet", "au point d'abscisse a la tangente :", "y = f′(a)(x − a) + f(a).", "Exemple : y = 6x − 9 pour x² en 3."]],
      ["3. Dérivées usuelles", ["(xⁿ)′ = n xⁿ⁻¹   (√x)′ = 1 / (2√x)", "(u + v)′ = u′ + v′   (uv)′ = u′v + uv′", "(u / v)′ = (u′v − uv′) / v²", "(sin x)′ = cos x   (cos x)′ = − sin x"]],
      ["Exercice corrigé", ["Étudier les variations de f(x) = x³ − 3x.", "f′(x) = 3x² − 3 = 3(x − 1)(x + 1).", "f croît sur ]−∞, −1] et [1, +∞[,", "décroît sur [−1, 1]."]],
    ],
  },
  "suites-reelles": {
    rtl: false,
    color: "#4263eb",
    pages: [
      ["Suites réelles", ["Objectifs du chapitre :", "• Raisonner par récurrence", "• Étudier la monotonie d'une suite", "• Calculer la limite d'une suite"]],
      ["1. Raisonnement par récurrence", ["Initialisation : P(n₀) est vraie.", "Hérédité : si P(n) est vraie,", "alors P(n + 1) est vraie.", "Conclusion : P(n) vraie pour tout n ≥ n₀."]],
      ["2. Suites arithmétiques et géométriques", ["Arithmétique : uₙ = u₀ + n r", "Géométrique : uₙ = u₀ qⁿ", "Somme : 1 + q + … + qⁿ = (1 − qⁿ⁺¹) / (1 − q)", "si q ≠ 1."]],
      ["3. Suites monotones et bornées", ["Toute suite croissante et majorée", "converge ; toute suite décroissante", "et minorée converge.", "Si |q| < 1, qⁿ tend vers 0."]],
      ["Exercice corrigé", ["u₀ = 2 et uₙ₊₁ = √(uₙ + 2).", "Par récurrence : 0 ≤ uₙ ≤ 2, uₙ croissante.", "Elle converge vers L avec L = √(L + 2),", "donc L = 2."]],
    ],
  },
  "fiche-methode": {
    rtl: false,
    color: "#4263eb",
    pages: [
      ["Fiche de synthèse : méthode", ["Pour réviser ce chapitre :", "• Relire le cours et ses définitions", "• Refaire les exercices corrigés", "• Noter ses erreurs pour ne plus les refaire"]],
      ["Retenir l'essentiel", ["Une page par notion : la définition,", "la propriété, un exemple résolu.", "Souligner les mots clés du cours", "et les conditions d'application."]],
      ["Se tester", ["Faire le QCM d'auto-évaluation du chapitre,", "puis un exercice type bac en temps limité.", "Comparer avec la correction et", "reprendre les points mal compris."]],
    ],
  },
  "al-balagha": {
    rtl: true,
    color: "#0ca678",
    pages: [
      ["البلاغة: التشبيه", ["أهداف الدرس:", "• تعريف التشبيه وأركانه", "• التمييز بين أنواع التشبيه", "• تحليل أمثلة من الشعر العربي"]],
      ["١. تعريف التشبيه", ["التشبيه عقد مماثلة بين أمرين أو أكثر", "لاشتراكهما في صفة أو أكثر", "بأداة لغرض يقصده المتكلم."]],
      ["٢. أركان التشبيه", ["المشبّه والمشبّه به (طرفا التشبيه)", "أداة التشبيه: الكاف، مثل، كأنّ", "وجه الشبه: الصفة المشتركة"]],
      ["٣. أنواع التشبيه", ["التشبيه التام: ذُكرت فيه الأركان كلها", "التشبيه المؤكد: حُذفت منه الأداة", "التشبيه البليغ: حُذفت الأداة ووجه الشبه"]],
      ["تمرين", ["استخرج التشبيه وبيّن نوعه:", "«العلمُ نورٌ يضيء طريق صاحبه»", "الإجابة: تشبيه بليغ."]],
    ],
  },
  "annales-bac-maths": {
    rtl: false,
    color: "#e8590c",
    pages: [
      ["Annales du bac — Mathématiques", ["Session principale : sujet et corrigé", "Durée : 3 heures · Coefficient 4", "Quatre exercices indépendants."]],
      ["Exercice 1 — Nombres complexes", ["Résoudre dans ℂ : z² − 2z + 5 = 0.", "Δ = −16, donc z = 1 + 2i ou z = 1 − 2i.", "Placer les images dans le plan complexe."]],
      ["Exercice 2 — Suites", ["u₀ = 1 et uₙ₊₁ = ½ uₙ + 3.", "Montrer que vₙ = uₙ − 6 est géométrique.", "En déduire la limite de uₙ : 6."]],
      ["Exercice 3 — Probabilités", ["Une urne contient 3 boules rouges", "et 2 boules blanches. On tire 2 boules.", "P(deux rouges) = C(3,2)/C(5,2) = 3/10."]],
    ],
  },
};

for (const [slug, mag] of Object.entries(MAGAZINES)) {
  const dir = join(MEDIA, "magazines", slug);
  mkdirSync(dir, { recursive: true });
  mag.pages.forEach(([title, lines], i) =>
    writeFileSync(join(dir, `page-${i + 1}.svg`), page({ title, lines, n: i + 1, total: mag.pages.length, rtl: mag.rtl, color: mag.color })),
  );
  console.log(`magazine ${slug}: ${mag.pages.length} pages`);
}

const videos = join(MEDIA, "videos");
mkdirSync(videos, { recursive: true });
let ffmpeg = false;
try {
  execFileSync("ffmpeg", ["-version"], { stdio: "ignore" });
  ffmpeg = true;
} catch {
  console.log("ffmpeg not installed: videos kept as they are");
}
const CLIPS = [
  { name: "demo-1", source: "testsrc2=size=426x240:rate=15", tone: 440 },
  { name: "demo-2", source: "smptebars=size=426x240:rate=15", tone: 660 },
];
const force = process.argv.includes("--force");
if (ffmpeg) {
  for (const clip of CLIPS) {
    if (!force && existsSync(join(videos, `${clip.name}.webm`)) && existsSync(join(videos, `${clip.name}.mp4`))) continue;
    const common = ["-y", "-loglevel", "error", "-f", "lavfi", "-i", clip.source, "-f", "lavfi", "-i", `sine=frequency=${clip.tone}:sample_rate=48000`, "-t", "30"];
    execFileSync("ffmpeg", [...common, "-c:v", "libvpx-vp9", "-b:v", "60k", "-deadline", "good", "-c:a", "libopus", "-b:a", "24k", join(videos, `${clip.name}.webm`)]);
    execFileSync("ffmpeg", [...common, "-c:v", "libx264", "-profile:v", "baseline", "-pix_fmt", "yuv420p", "-b:v", "80k", "-movflags", "+faststart", "-c:a", "aac", "-b:a", "32k", join(videos, `${clip.name}.mp4`)]);
    console.log(`video ${clip.name}: webm + mp4`);
  }
  // Lite mode's rendition of each clip (issue 22 item 6): the lowest quality, made from the full one.
  for (const clip of CLIPS) {
    const lite = join(videos, `${clip.name}.lite.mp4`);
    if (!force && existsSync(lite)) continue;
    execFileSync("ffmpeg", ["-y", "-loglevel", "error", "-i", join(videos, `${clip.name}.mp4`), "-vf", "scale=-2:144", "-r", "12", "-c:v", "libx264", "-profile:v", "baseline", "-pix_fmt", "yuv420p", "-b:v", "24k", "-movflags", "+faststart", "-c:a", "aac", "-ac", "1", "-b:a", "16k", lite]);
    console.log(`video ${clip.name}: lite mp4 (144p)`);
  }
}
for (const clip of CLIPS) if (!existsSync(join(videos, `${clip.name}.webm`))) console.log(`missing video ${clip.name}.webm`);

// ── Public images (no signature needed): subject thumbnails and promo-card art ──
const SUBJECT_ART = {
  mathematiques: ["#3B5BDB", "∑"],
  physique: ["#E8590C", "⚛"],
  "sciences-de-la-vie-et-de-la-terre": ["#2F9E44", "ADN"],
  informatique: ["#1098AD", "</>"],
  francais: ["#C2255C", "Fr"],
  anglais: ["#7048E8", "En"],
  arabe: ["#5C940D", "ض"],
  philosophie: ["#862E9C", "?!"],
  "eveil-scientifique": ["#37B24D", "☼"],
  economie: ["#F08C00", "€"],
  gestion: ["#D9480F", "%"],
  "histoire-geographie": ["#A61E4D", "HG"],
  technologie: ["#495057", "⚙"],
};
const publicDir = join(MEDIA, "public");
mkdirSync(join(publicDir, "subjects"), { recursive: true });
mkdirSync(join(publicDir, "cards"), { recursive: true });
for (const [slug, [color, glyph]] of Object.entries(SUBJECT_ART)) {
  writeFileSync(
    join(publicDir, "subjects", `${slug}.svg`),
    `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="180" viewBox="0 0 320 180">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${color}"/><stop offset="1" stop-color="${color}" stop-opacity="0.65"/></linearGradient></defs>
  <rect width="320" height="180" fill="url(#g)"/>
  <circle cx="262" cy="34" r="70" fill="#fff" fill-opacity="0.12"/>
  <circle cx="40" cy="170" r="60" fill="#fff" fill-opacity="0.10"/>
  <text x="160" y="112" font-family="'Noto Sans', 'Noto Sans Arabic', 'Noto Sans Symbols', 'Noto Sans Symbols 2', sans-serif" font-size="64" font-weight="700" fill="#fff" text-anchor="middle">${esc(glyph)}</text>
</svg>
`,
  );
}
const CARDS = {
  "gold.svg": `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64"><circle cx="32" cy="32" r="30" fill="#F2C94C"/><path d="M16 42l4-18 12 9 12-9 4 18z" fill="#fff"/></svg>`,
  "bg-gold.svg": `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="160" viewBox="0 0 600 160"><rect width="600" height="160" fill="#FFF4D6"/><circle cx="560" cy="20" r="90" fill="#F2C94C" fill-opacity="0.35"/></svg>`,
  "bg-video.svg": `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="160" viewBox="0 0 600 160"><rect width="600" height="160" fill="#E7ECFF"/><circle cx="40" cy="140" r="90" fill="#3B5BDB" fill-opacity="0.15"/></svg>`,
  "parrain.svg": `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64"><rect x="8" y="24" width="48" height="32" rx="4" fill="#2F9E44"/><rect x="4" y="16" width="56" height="12" rx="3" fill="#40C057"/><rect x="29" y="16" width="6" height="40" fill="#fff"/></svg>`,
};
for (const [name, svg] of Object.entries(CARDS)) writeFileSync(join(publicDir, "cards", name), svg + "\n");
console.log(`public images: ${Object.keys(SUBJECT_ART).length} subjects, ${Object.keys(CARDS).length} cards`);

// ── Attachments: two small real PDFs (text), shared by the lessons that have an attachment ──
function pdf(title, lines) {
  const text = [title, "", ...lines]
    .map((l, i) => `BT /F1 ${i === 0 ? 18 : 12} Tf 56 ${780 - i * 22} Td (${l.replace(/[()\\]/g, "\\$&")}) Tj ET`)
    .join("\n");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${Buffer.byteLength(text, "latin1")} >>\nstream\n${text}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
  ];
  let out = "%PDF-1.4\n";
  const offsets = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(out, "latin1"));
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, "latin1");
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, "latin1");
}
const attachmentsDir = join(MEDIA, "attachments");
mkdirSync(attachmentsDir, { recursive: true });
writeFileSync(
  join(attachmentsDir, "enonces.pdf"),
  pdf("Darsi - Enonces d'exercices", ["Exercice 1 : calculer la limite de (x^2 - 1)/(x - 1) en 1.", "Exercice 2 : etudier la continuite de f sur [0, 2].", "Exercice 3 : montrer que l'equation x^3 + x - 1 = 0", "admet une solution unique dans [0, 1].", "", "Corrige disponible dans la video de la lecon."]),
);
writeFileSync(
  join(attachmentsDir, "resume.pdf"),
  pdf("Darsi - Resume du cours", ["1. Definitions essentielles du chapitre.", "2. Proprietes a retenir pour le bac.", "3. Methodes : comment rediger une reponse complete.", "4. Erreurs frequentes a eviter."]),
);
console.log("attachments: enonces.pdf, resume.pdf");

// ── Posters of the help videos (/assistance): one per topic, without text (the same in every language) ──
const HELP_POSTERS = {
  start: { color: "#3B5BDB", glyph: `<circle cx="92" cy="92" r="22" fill="#fff" fill-opacity="0.9"/><path d="M56 160c4-26 20-40 36-40s32 14 36 40z" fill="#fff" fill-opacity="0.9"/>` },
  learn: { color: "#2F9E44", glyph: `<path d="M52 70h40c8 0 12 4 12 10v80c0-6-4-10-12-10H52z" fill="#fff" fill-opacity="0.9"/><path d="M156 70h-40c-8 0-12 4-12 10v80c0-6 4-10 12-10h40z" fill="#fff" fill-opacity="0.75"/>` },
  money: { color: "#E8590C", glyph: `<rect x="48" y="80" width="96" height="64" rx="10" fill="#fff" fill-opacity="0.9"/><rect x="112" y="100" width="40" height="24" rx="6" fill="#fff"/><circle cx="126" cy="112" r="5" fill="#E8590C"/>` },
};
mkdirSync(join(publicDir, "posters"), { recursive: true });
for (const [topic, { color, glyph }] of Object.entries(HELP_POSTERS)) {
  writeFileSync(
    join(publicDir, "posters", `help-${topic}.svg`),
    `<svg xmlns="http://www.w3.org/2000/svg" width="426" height="240" viewBox="0 0 426 240">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${color}"/><stop offset="1" stop-color="${color}" stop-opacity="0.7"/></linearGradient></defs>
  <rect width="426" height="240" fill="url(#g)"/>
  <circle cx="380" cy="30" r="90" fill="#fff" fill-opacity="0.1"/>
  <circle cx="30" cy="230" r="70" fill="#fff" fill-opacity="0.08"/>
  ${glyph}
  <circle cx="290" cy="120" r="44" fill="#fff" fill-opacity="0.95"/>
  <path d="M276 96l40 24-40 24z" fill="${color}"/>
</svg>
`,
  );
}
console.log(`help-video posters: ${Object.keys(HELP_POSTERS).length}`);
