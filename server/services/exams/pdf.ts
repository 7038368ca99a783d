/**
 * The PDFs the server makes itself (the seeded exams' subjects, homework and corrections), with pdf-lib: one A4 page,
 * the title in Helvetica 20, then one line of Helvetica 12 per line of text.
 *
 * Making one costs about 9 ms, and the demo seeds four per exam: the seed stores only a description of each document
 * (its storage key `generated:<title>|<line>|<line>…`, size 0) and the document is made on its first read
 * (`documentFile`, from `examDocument`): written to `exams/<exam>/documents/<id>.pdf`, then the row takes that key and
 * the real size. Two first reads at once both make the same bytes (deterministic: fixed dates, no random id) and write
 * them atomically to the same file; the row is updated only while it still holds the description, so it ends the same.
 *
 * pdf-lib's standard fonts are WinAnsi: every text drawn (and the title) goes through `drawable`, the one place that
 * decides what Helvetica gets. A dash, space or quote outside WinAnsi (the non-breaking hyphen, the minus sign, the
 * horizontal bar, thin and narrow spaces…) is first replaced by its WinAnsi look-alike — never left to a viewer's
 * substitution, which shows "?" —, an accented letter outside WinAnsi is tried without its accent, and what is left
 * (Arabic, emoji…) is dropped. Arabic text never reaches a page and never throws.
 */
import { and, eq } from "drizzle-orm";
import { PDFDocument, StandardFonts, type PDFFont } from "pdf-lib";
import { examDocuments } from "../../db/schema";
import type { Deps } from "../../lib/deps";

/** Storage keys of documents described but not made yet: `generated:<title>|<line>|<line>…` (no file on disk). */
export const GENERATED_PREFIX = "generated:";

const EPOCH = new Date(0);

export function generatedKey(title: string, lines: string[]): string {
  return `${GENERATED_PREFIX}${[title, ...lines].map((s) => s.replace(/\|/g, "/")).join("|")}`;
}

/** Characters outside WinAnsi with a WinAnsi look-alike (dashes, spaces, quotes, fraction slash). */
const LOOK_ALIKES: Record<string, string> = {
  "\u2010": "-", // hyphen
  "\u2011": "-", // non-breaking hyphen
  "\u2012": "\u2013", // figure dash → en dash
  "\u2015": "\u2014", // horizontal bar → em dash
  "\u2043": "-", // hyphen bullet
  "\u2212": "-", // minus sign
  "\u2E3A": "\u2014\u2014", // two-em dash
  "\uFE58": "\u2014", // small em dash
  "\uFF0D": "-", // fullwidth hyphen-minus
  "\u2002": " ",
  "\u2003": " ",
  "\u2007": " ",
  "\u2008": " ",
  "\u2009": " ",
  "\u200A": " ",
  "\u202F": " ", // narrow no-break space (before « : » in French)
  "\u2032": "'",
  "\u2033": '"',
  "\u02BC": "\u2019",
  "\u2044": "/",
};

/** `s` with only what `font` can draw: a look-alike first, then the letter without its accents, else dropped. */
function drawable(font: PDFFont, s: string): string {
  const set = new Set(font.getCharacterSet());
  let out = "";
  for (const raw of s.normalize("NFC")) {
    const ch = LOOK_ALIKES[raw] ?? raw;
    if ([...ch].every((x) => set.has(x.codePointAt(0)!))) out += ch;
    else {
      const bare = [...ch.normalize("NFD")].filter((c) => set.has(c.codePointAt(0)!) && !/\p{M}/u.test(c)).join("");
      out += bare;
    }
  }
  return out.replace(/\s+/g, " ").trim();
}

/** One A4 page: `title`, then `lines`; the title is also the document's title (its metadata). */
export async function textPdf(title: string, lines: string[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const shownTitle = drawable(font, title);
  doc.setTitle(shownTitle);
  doc.setProducer("Darsi");
  doc.setCreator("Darsi");
  doc.setCreationDate(EPOCH);
  doc.setModificationDate(EPOCH);
  const page = doc.addPage([595, 842]);
  page.drawText(shownTitle, { x: 56, y: 770, size: 20, font });
  lines.forEach((line, i) => page.drawText(drawable(font, line), { x: 56, y: 730 - i * 20, size: 12, font }));
  return doc.save();
}

/** The document a `generated:` key describes. */
function generatedBytes(key: string): Promise<Uint8Array> {
  const [title = "", ...lines] = key.slice(GENERATED_PREFIX.length).split("|");
  return textPdf(title, lines);
}

/**
 * An exam document's file: as stored, or, for a document only described so far, made now, stored once and recorded
 * (idempotent under concurrent first reads: see the header).
 */
export async function documentFile(deps: Pick<Deps, "db" | "files">, d: { id: number; examId: number; storageKey: string; size: number }): Promise<{ storageKey: string; size: number }> {
  if (!d.storageKey.startsWith(GENERATED_PREFIX)) return { storageKey: d.storageKey, size: d.size };
  const bytes = await generatedBytes(d.storageKey);
  const storageKey = `exams/${d.examId}/documents/${d.id}.pdf`;
  await deps.files.put(storageKey, bytes, "application/pdf");
  await deps.db
    .update(examDocuments)
    .set({ storageKey, size: bytes.byteLength })
    .where(and(eq(examDocuments.id, d.id), eq(examDocuments.storageKey, d.storageKey)));
  return { storageKey, size: bytes.byteLength };
}
