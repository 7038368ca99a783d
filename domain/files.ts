/**
 * Uploaded files are recognised by their first bytes, never by their name or declared type (SPEC §5 uploads): exam
 * homework, report cards and profile photos all go through `sniffKind`; each upload then accepts its own kinds.
 */

export type FileKind = "pdf" | "jpeg" | "png" | "gif" | "webp" | "svg" | "zip" | "ole";

export const MIME_OF_KIND: Record<FileKind, string> = {
  pdf: "application/pdf",
  jpeg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  webp: "image/webp",
  svg: "image/svg+xml",
  zip: "application/octet-stream",
  ole: "application/octet-stream",
};

/** How many first bytes `sniffKind` needs (an SVG is recognised within its first 512 bytes). */
export const SNIFF_BYTES = 512;

const startsWith = (b: Uint8Array, sig: number[], at = 0) => sig.every((x, i) => b[at + i] === x);

/** The kind of a file by its magic bytes, or null when it is none of the known ones. */
export function sniffKind(bytes: Uint8Array): FileKind | null {
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return "pdf"; // %PDF-
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38])) return "gif"; // GIF8
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return "webp"; // RIFF….WEBP
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return "zip"; // docx, pptx, xlsx
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return "ole"; // doc, ppt, xls
  let head = "";
  for (let i = 0; i < Math.min(bytes.length, SNIFF_BYTES); i += 1) head += String.fromCharCode(bytes[i]!);
  if (/^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(head.replace(/^\uFEFF|^ï»¿/, ""))) return "svg";
  return null;
}
