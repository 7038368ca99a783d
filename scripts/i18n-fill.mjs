#!/usr/bin/env node
/**
 * Fills translations into the catalogues: `node scripts/i18n-fill.mjs translations.json` where the file maps each
 * French msgid to `{ "en": "...", "ar": "..." }`. Only the given msgids change (an existing translation is replaced);
 * run `npm run i18n:extract` first so that new msgids are in the catalogues. Several people may extract and fill at
 * once: run both under `flock /tmp/darsi-po.lock`.
 */
import { readFileSync, writeFileSync } from "node:fs";

const file = process.argv[2];
if (!file) {
  console.error("usage: node scripts/i18n-fill.mjs translations.json");
  process.exit(2);
}
const table = JSON.parse(readFileSync(file, "utf8"));
const quote = (s) => `"${s.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n")}"`;
const unquote = (lines) =>
  lines
    .map((l) => JSON.parse(l.trim().replace(/^msgid |^msgstr /, "")))
    .join("");

let missing = new Set(Object.keys(table));
for (const locale of ["en", "ar"]) {
  const path = `src/locales/${locale}/messages.po`;
  const lines = readFileSync(path, "utf8").split("\n");
  const out = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (!line.startsWith("msgid ")) {
      out.push(line);
      continue;
    }
    const idLines = [line];
    while (lines[i + 1]?.startsWith('"')) idLines.push(lines[++i]);
    out.push(...idLines);
    const msgid = unquote(idLines);
    if (!lines[i + 1]?.startsWith("msgstr ")) continue;
    const strLines = [lines[++i]];
    while (lines[i + 1]?.startsWith('"')) strLines.push(lines[++i]);
    const entry = table[msgid];
    if (entry && typeof entry[locale] === "string") {
      out.push(`msgstr ${quote(entry[locale])}`);
      missing.delete(msgid);
    } else {
      out.push(...strLines);
    }
  }
  writeFileSync(path, out.join("\n"));
}
if (missing.size) {
  console.error(`not in the catalogues (run npm run i18n:extract first?):\n  ${[...missing].join("\n  ")}`);
  process.exit(1);
}
