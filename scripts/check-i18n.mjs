// Fails when a message of the French source has no English or Arabic translation (run after `lingui extract`).
import { readFileSync } from "node:fs";

function entries(file) {
  const text = readFileSync(file, "utf8");
  const out = [];
  for (const block of text.split(/\n\s*\n/)) {
    if (/^#~/m.test(block) && !/^msgid/m.test(block.replace(/^#~.*$/gm, ""))) continue; // obsolete
    const id = /^msgid ((?:".*"\n?)+)/m.exec(block);
    const str = /^msgstr ((?:".*"\n?)+)/m.exec(block);
    if (!id || !str) continue;
    const join = (s) => s.trim().split("\n").map((l) => JSON.parse(l)).join("");
    const msgid = join(id[1]);
    if (msgid === "") continue;
    out.push({ msgid, msgstr: join(str[1]) });
  }
  return out;
}

/** The arguments of an ICU select message: its variables, simple placeholders and tags, as a sorted set. */
function selectArgs(text) {
  const found = new Set([...text.matchAll(/\{(\w+), select,|\{(\w+)\}|<\/?\d+>/g)].map((m) => m[1] ?? m[2] ?? m[0]));
  return [...found].sort().join();
}

let failed = false;
const source = entries("src/locales/fr/messages.po").length;
for (const locale of ["en", "ar"]) {
  const list = entries(`src/locales/${locale}/messages.po`);
  const missing = list.filter((e) => e.msgstr.trim() === "");
  const placeholders = list.filter((e) => {
    if (!e.msgstr || e.msgid.includes("plural,")) return false;
    // An ICU select (`{gender, select, male {…} female {…} other {…}}`): the same variable and, in its branches, the
    // same simple placeholders and tags (each branch repeats them, so compared as a set).
    if (e.msgid.includes("select,")) return selectArgs(e.msgid) !== selectArgs(e.msgstr);
    const want = (e.msgid.match(/\{[^}]+\}|<\d+>|<\/\d+>/g) ?? []).sort().join();
    const got = (e.msgstr.match(/\{[^}]+\}|<\d+>|<\/\d+>/g) ?? []).sort().join();
    return want !== got;
  });
  console.log(`${locale}: ${list.length - missing.length}/${list.length} translated (source ${source})`);
  for (const m of missing.slice(0, 20)) console.log(`  missing: ${m.msgid}`);
  for (const m of placeholders.slice(0, 20)) console.log(`  placeholders differ: ${m.msgid} -> ${m.msgstr}`);
  if (missing.length || placeholders.length || list.length !== source) failed = true;
}
process.exit(failed ? 1 : 0);
