/**
 * The PDFs the server makes (server/services/exams/pdf.ts, pdf-lib): a real document that pdf-lib parses back, with
 * its text; Arabic (outside the standard fonts' WinAnsi) never throws; the seed stores only a description, and the
 * first read makes the file once, records its key and size, and serves the same bytes to concurrent first readers.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { decodePDFRawStream, PDFDocument, PDFRawStream } from "pdf-lib";
import { GENERATED_PREFIX, textPdf } from "../../server/services/exams/pdf";
import { startTestServer, type TestServer } from "./harness";
import { startLocalS3, type LocalS3 } from "./s3-local";
import { selectRows } from "../../server/db/rows";

/** WinAnsi's 0x80–0x9F (where it differs from Latin-1), as a viewer reads them under /WinAnsiEncoding. */
const WIN_ANSI_HIGH: Record<number, string> = {
  0x80: "€", 0x82: "‚", 0x83: "ƒ", 0x84: "„", 0x85: "…", 0x86: "†", 0x87: "‡", 0x88: "ˆ", 0x89: "‰", 0x8a: "Š", 0x8b: "‹",
  0x8c: "Œ", 0x8e: "Ž", 0x91: "‘", 0x92: "’", 0x93: "“", 0x94: "”", 0x95: "•", 0x96: "–", 0x97: "—", 0x98: "˜", 0x99: "™",
  0x9a: "š", 0x9b: "›", 0x9c: "œ", 0x9e: "ž", 0x9f: "Ÿ",
};
const winAnsi = (bytes: Buffer) => [...bytes].map((b) => WIN_ANSI_HIGH[b] ?? String.fromCharCode(b)).join("");

/** The strings a PDF's pages draw (`<hex> Tj`), decoded as WinAnsi (the encoding pdf-lib gives Helvetica). */
async function drawnTexts(bytes: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(bytes);
  const texts: string[] = [];
  for (const page of doc.getPages()) {
    const contents = page.node.Contents();
    const streams = contents && "asArray" in contents ? contents.asArray() : [contents];
    for (const ref of streams) {
      const stream = doc.context.lookup(ref as never);
      if (!(stream instanceof PDFRawStream)) continue;
      const source = new TextDecoder("latin1").decode(decodePDFRawStream(stream).decode());
      for (const m of source.matchAll(/<([0-9A-Fa-f]*)> Tj/g)) texts.push(winAnsi(Buffer.from(m[1]!, "hex")));
    }
  }
  return texts;
}

describe("textPdf", () => {
  it("makes a one-page A4 PDF that pdf-lib reads back, with its title and lines", async () => {
    const bytes = await textPdf("Sujet — Bac blanc", ["Mathématiques — 4ème année", "Durée : 120 minutes"]);
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getPage(0).getSize()).toEqual({ width: 595, height: 842 });
    expect(doc.getTitle()).toBe("Sujet — Bac blanc");
    const texts = await drawnTexts(bytes);
    expect(texts).toContain("Durée : 120 minutes");
    expect(texts).toContain("Mathématiques — 4ème année"); // the dash is WinAnsi 0x97
  });

  it("draws a WinAnsi look-alike for a dash or space Helvetica cannot encode, never a '?' nor a hole", async () => {
    const bytes = await textPdf("Sujet \u2015 Bac blanc", ["Devoir n\u2011°\u202F1 \u2012 x \u2212 1", "Durée\u2009: 60 minutes"]);
    const texts = await drawnTexts(bytes);
    expect(texts).toEqual(["Sujet — Bac blanc", "Devoir n-° 1 – x - 1", "Durée : 60 minutes"]);
    expect((await PDFDocument.load(bytes)).getTitle()).toBe("Sujet — Bac blanc");
  });

  it("never throws on Arabic: what Helvetica cannot draw is left out, the Latin text stays", async () => {
    const bytes = await textPdf("فرض مراقبة عدد 1 — Devoir", ["رياضيات Mathématiques", "باكالوريا بيضاء", "ẞtraße Ǆ"]);
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getTitle()).toBe("1 — Devoir");
    const texts = await drawnTexts(bytes);
    expect(texts).toEqual(expect.arrayContaining(["Mathématiques", ""]));
    for (const t of texts) expect(t).not.toMatch(/[\u0600-\u06ff]/);
  });

  it("is deterministic: the same text gives the same bytes", async () => {
    expect(Buffer.from(await textPdf("Sujet", ["Darsi"])).equals(Buffer.from(await textPdf("Sujet", ["Darsi"])))).toBe(true);
  });
});

describe("a seeded exam document, made on its first read", () => {
  let h: TestServer;
  let teacher: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- raw rows
  const rows = async (q: ReturnType<typeof sql>): Promise<any[]> => ((await h.deps.db.execute(q)) as unknown as { rows: any[] }).rows;
  const get = (path: string) => h.app.request(path, { headers: { authorization: `Bearer ${teacher}` } });

  beforeAll(async () => {
    h = await startTestServer();
    teacher = await h.login("prof@darsi.tn");
  });
  afterAll(async () => {
    await h?.close();
  });

  /** Two seeded documents of a maths exam of class 18 (taught by prof@). */
  async function seededDocuments() {
    return rows(sql`
      select d.id, d.exam_id, d.storage_key, d.size, e.name from exam_documents d join exams e on e.id = d.exam_id join subjects s on s.id = e.subject_id
      where s.division_id = 18 and s.slug = 'mathematiques' and d.kind in ('exam', 'homework') order by e.id, d.id limit 2`);
  }

  it("is stored as a description at seed, then served as a real PDF, stored once with its size", async () => {
    const [doc] = await seededDocuments();
    expect(doc.storage_key.startsWith(GENERATED_PREFIX)).toBe(true);
    expect(doc.size).toBe(0);
    const res = await get(`/api/student/content-exam/${doc.exam_id}/documents/${doc.id}`);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(Number(res.headers.get("content-length"))).toBe(bytes.byteLength);
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getTitle()).toBe(`Sujet — ${String(doc.name).split(" — ")[0]}`);
    // The demo's dashes drawn as dashes (issue 22: a "?" was shown in their place).
    const texts = await drawnTexts(bytes);
    expect(texts).toContain("Darsi");
    expect(texts[0]).toBe(`Sujet — ${String(doc.name).split(" — ")[0]}`);
    expect(texts[1]).toMatch(/^Mathématiques — \S/);
    for (const t of texts) expect(t).not.toContain("?");
    const [after] = await rows(sql`select storage_key, size from exam_documents where id = ${doc.id}`);
    expect(after).toEqual({ storage_key: `exams/${doc.exam_id}/documents/${doc.id}.pdf`, size: bytes.byteLength });
    const again = new Uint8Array(await (await get(`/api/student/content-exam/${doc.exam_id}/documents/${doc.id}`)).arrayBuffer());
    expect(Buffer.from(again).equals(Buffer.from(bytes))).toBe(true);
  });

  it("concurrent first reads all get the same document, recorded once", async () => {
    const [, doc] = await seededDocuments();
    expect(doc.storage_key.startsWith(GENERATED_PREFIX)).toBe(true);
    const answers = await Promise.all(Array.from({ length: 5 }, () => get(`/api/student/content-exam/${doc.exam_id}/documents/${doc.id}`)));
    const bodies = await Promise.all(answers.map(async (r) => ({ status: r.status, bytes: Buffer.from(await r.arrayBuffer()) })));
    for (const b of bodies) {
      expect(b.status).toBe(200);
      expect(b.bytes.equals(bodies[0]!.bytes)).toBe(true);
    }
    expect((await PDFDocument.load(bodies[0]!.bytes)).getPageCount()).toBe(1);
    const [after] = await rows(sql`select storage_key, size from exam_documents where id = ${doc.id}`);
    expect(after).toEqual({ storage_key: `exams/${doc.exam_id}/documents/${doc.id}.pdf`, size: bodies[0]!.bytes.byteLength });
  });
});

describe("on an S3 store, a file is answered as a short-lived signed link to the bucket", () => {
  let h: TestServer;
  let s3: LocalS3;
  let teacher: string;

  beforeAll(async () => {
    s3 = await startLocalS3();
    h = await startTestServer({
      env: { STORAGE: "s3", S3_ENDPOINT: s3.endpoint, S3_BUCKET: s3.bucket, S3_REGION: s3.region, S3_ACCESS_KEY_ID: s3.accessKeyId, S3_SECRET_ACCESS_KEY: s3.secretAccessKey, S3_FORCE_PATH_STYLE: "true" },
    });
    teacher = await h.login("prof@darsi.tn");
  });
  afterAll(async () => {
    await h?.close();
    await s3?.close();
  });

  it("redirects the checked caller to a presigned GET carrying the type and disposition; the bytes never pass through the API", async () => {
    const [doc] = await selectRows<{ id: number; exam_id: number }>(h.deps.db, sql`
      select d.id, d.exam_id from exam_documents d join exams e on e.id = d.exam_id join subjects s on s.id = e.subject_id
      where s.division_id = 18 and s.slug = 'mathematiques' and d.kind in ('exam', 'homework') order by e.id, d.id limit 1`);
    const path = `/api/student/content-exam/${doc!.exam_id}/documents/${doc!.id}`;
    const res = await h.app.request(`${path}?download=1`, { headers: { authorization: `Bearer ${teacher}` } });
    expect(res.status, await res.clone().text()).toBe(302);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const link = new URL(res.headers.get("location")!);
    expect(link.origin).toBe(s3.endpoint);
    expect(link.pathname).toBe(`/${s3.bucket}/exams/${doc!.exam_id}/documents/${doc!.id}.pdf`);
    expect(Number(link.searchParams.get("X-Amz-Expires"))).toBe(300);
    expect(link.searchParams.get("X-Amz-Signature")).toMatch(/^[0-9a-f]{64}$/);

    // The link alone reads the file (no bearer), with the type and the disposition the API would have sent.
    const file = await fetch(link);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    expect(file.headers.get("content-disposition")).toMatch(/^attachment; filename="/);
    expect((await PDFDocument.load(new Uint8Array(await file.arrayBuffer()))).getPageCount()).toBe(1);
    // Altered, it is refused.
    link.searchParams.set("X-Amz-Expires", "3600");
    expect((await fetch(link)).status).toBe(403);

    // Nobody else gets a link: no bearer is a 401 before any signing.
    expect((await h.app.request(path)).status).toBe(401);
  });

  it("puts the bucket's origin in the app's CSP for images, the preview frame and the service worker's fetch", async () => {
    const res = await h.app.request("/health");
    const csp = res.headers.get("content-security-policy")!;
    for (const directive of ["img-src", "frame-src", "connect-src"]) {
      expect(csp.split("; ").find((d) => d.startsWith(`${directive} `))).toContain(s3.endpoint);
    }
  });
});
