// The CSS a prerendered page's first screen needs (issue 22, item 8): the rules of the app's stylesheet whose selectors
// match an element of the page, ignoring states (:hover, :focus…), pseudo-elements and the colour scheme (boot.js may
// switch the page to dark before its first paint), with every at-rule that holds one of them, the custom properties of
// :root and the keyframes. What cannot be judged (a selector the matcher refuses) is kept. The page is inlined with it
// (scripts/lib/prerender.mjs); the whole stylesheet loads after the first paint, before the app renders.
import postcss from "postcss";
import { Window } from "happy-dom";

/** States and pseudo-elements: the first screen may need the rule in any of them (dropped from the selector to match). */
const STATE = /::?[\w-]+(\((?:[^()]|\([^()]*\))*\))?/g;
/** The colour scheme is chosen before the first paint (boot.js): the rules of both schemes are kept. */
const SCHEME = /\[data-mantine-color-scheme(=[^\]]*)?\]/g;
/** Pseudo-classes that are structure, not state: kept in the selector (they hold what they select). */
const STRUCTURE = /^:(where|is|not|root)\(|^:root$/;

/** The selector with its states removed (what an element of the page must match for the rule to be needed). */
function stripped(selector) {
  return selector
    .replace(SCHEME, "")
    .replace(/:(where|is)\(\s*\)/g, "")
    .replace(STATE, (m) => (STRUCTURE.test(m) ? m : ""))
    .replace(/\s+/g, " ")
    .trim();
}

/** Whether `selector` may apply to an element of `document` (true when it cannot be judged). */
function mayMatch(document, selector) {
  const s = stripped(selector).replace(/[>+~]\s*$/, "").trim();
  if (!s || /^[>+~*\s]+$/.test(s)) return true;
  try {
    return document.querySelector(s) !== null;
  } catch {
    return true;
  }
}

const VAR = /var\(\s*(--[\w-]+)/g;
const names = (text) => [...text.matchAll(VAR)].map((m) => m[1]);

/**
 * Custom properties no kept rule, style attribute or style block of the page reads, directly or through another
 * property (most of Mantine's default variables: the colour palettes, sizes and shadows of components not on the page).
 */
function dropUnusedProperties(root, html) {
  const used = new Set(names(html));
  const values = new Map();
  root.walkDecls((decl) => {
    if (!decl.prop.startsWith("--")) for (const n of names(decl.value)) used.add(n);
    else values.set(decl.prop, [...(values.get(decl.prop) ?? []), decl.value]);
  });
  const queue = [...used];
  while (queue.length) {
    for (const value of values.get(queue.pop()) ?? []) {
      for (const n of names(value)) {
        if (!used.has(n)) {
          used.add(n);
          queue.push(n);
        }
      }
    }
  }
  root.walkDecls((decl) => {
    if (decl.prop.startsWith("--") && !used.has(decl.prop)) decl.remove();
  });
}

/**
 * The rules of `css` needed to paint `html` (a whole page), in the stylesheet's order, serialised as written (the build's
 * minified text). Returns the CSS and the counts kept/dropped.
 */
export function criticalCss(css, html) {
  const window = new Window({ settings: { disableJavaScriptEvaluation: true, disableCSSFileLoading: true, disableJavaScriptFileLoading: true } });
  try {
    const document = window.document;
    document.write(html);
    const root = postcss.parse(css);
    let kept = 0;
    let dropped = 0;
    root.walkRules((rule) => {
      // Keyframe steps (from, to, 50%) belong to their @keyframes, kept whole.
      if (rule.parent?.type === "atrule" && /keyframes$/i.test(rule.parent.name)) return;
      const selectors = rule.selectors.filter((s) => mayMatch(document, s));
      if (!selectors.length) {
        rule.remove();
        dropped++;
        return;
      }
      kept++;
    });
    dropUnusedProperties(root, html);
    // Rules and at-rules left empty (a @media whose rules all went).
    let emptied = true;
    while (emptied) {
      emptied = false;
      root.walk((node) => {
        if ((node.type === "rule" || node.type === "atrule") && node.nodes && node.nodes.length === 0) {
          node.remove();
          emptied = true;
        }
      });
    }
    return { css: root.toString(), kept, dropped };
  } finally {
    void window.happyDOM.close();
  }
}
