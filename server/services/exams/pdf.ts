/**
 * Small real PDFs made by the server itself (the seeded exams' subjects, homework and corrections): one A4 page of
 * Helvetica text, WinAnsi-encoded (characters outside Latin-1 become "?"). Deterministic: the same text gives the same
 * bytes, so a seeded document's size is known without storing it.
 */
const enc = new TextEncoder();

function pdfString(s: string): string {
  let out = "";
  for (const ch of s) {
    const code = ch.codePointAt(0)!;
    const c = code <= 0xff ? String.fromCharCode(code) : "?";
    out += c === "(" || c === ")" || c === "\\" ? `\\${c}` : c;
  }
  return `(${out})`;
}

function latin1(s: string): Uint8Array {
  const bytes = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i += 1) bytes[i] = s.charCodeAt(i) & 0xff;
  return bytes;
}

export function textPdf(title: string, lines: string[]): Uint8Array {
  const body = [`BT /F1 20 Tf 56 770 Td ${pdfString(title)} Tj ET`, ...lines.map((l, i) => `BT /F1 12 Tf 56 ${730 - i * 20} Td ${pdfString(l)} Tj ET`)].join("\n");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    `<< /Length ${latin1(body).byteLength} >>\nstream\n${body}\nendstream`,
  ];
  let out = "%PDF-1.4\n%\xe2\xe3\xcf\xd3\n";
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(latin1(out).byteLength);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = latin1(out).byteLength;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  void enc;
  return latin1(out);
}

/** Storage keys of generated documents: `generated:<kind>:<title>|<line>|<line>…` (no file on disk). */
export const GENERATED_PREFIX = "generated:";

export function generatedKey(title: string, lines: string[]): string {
  return `${GENERATED_PREFIX}${[title, ...lines].map((s) => s.replace(/\|/g, "/")).join("|")}`;
}

export function generatedBytes(key: string): Uint8Array {
  const [title = "", ...lines] = key.slice(GENERATED_PREFIX.length).split("|");
  return textPdf(title, lines);
}
