// Babel plugin, after Lingui's macro: the French source text of every message stays in the code that uses it, compiled
// at build time (`compileMessage`, the same form as a compiled catalogue entry), instead of a French catalogue that
// every page would download whole.
//
// French is the source language: the macro's `{ id, message }` descriptors (and `<Trans id message>`) already hold the
// text. The macro keeps `message` (`stripMessageField: false`), and this plugin replaces its string by the compiled
// message (an array: text, placeholders, plurals), which `i18n._` interpolates as it does a catalogue entry. So the
// French catalogue is not loaded at run time (src/lib/i18n: `fr` has no messages) and each route chunk carries only its
// own French strings; English and Arabic keep their compiled catalogues, looked up by `id` first.
import { compileMessage } from "@lingui/message-utils/compileMessage";

/** @param {{ types: typeof import("@babel/types") }} babel */
function linguiSourceMessages({ types: t }) {
  const keyIs = (prop, name) =>
    t.isObjectProperty(prop) && !prop.computed && (t.isIdentifier(prop.key, { name }) || t.isStringLiteral(prop.key, { value: name }));

  return {
    name: "darsi-lingui-source-messages",
    visitor: {
      Program: {
        exit(program) {
          program.traverse({
            // `{ id: "…", message: "…" }`: what `t`, `msg`, `defineMessage` and `useLingui`'s `t` become.
            ObjectExpression(path) {
              const props = path.node.properties;
              const id = props.find((p) => keyIs(p, "id"));
              const message = props.find((p) => keyIs(p, "message"));
              if (!id || !message || !t.isStringLiteral(id.value) || !t.isStringLiteral(message.value)) return;
              message.value = t.valueToNode(compileMessage(message.value.value));
            },
            // `<Trans id="…" message="…" />`: what the JSX macro becomes.
            JSXOpeningElement(path) {
              const attrs = path.node.attributes.filter((a) => t.isJSXAttribute(a));
              const hasId = attrs.some((a) => t.isJSXIdentifier(a.name, { name: "id" }));
              const message = attrs.find((a) => t.isJSXIdentifier(a.name, { name: "message" }));
              if (!hasId || !message) return;
              const value = t.isJSXExpressionContainer(message.value) ? message.value.expression : message.value;
              if (!t.isStringLiteral(value)) return;
              message.value = t.jsxExpressionContainer(t.valueToNode(compileMessage(value.value)));
            },
          });
        },
      },
    },
  };
}

/** The Babel plugins of the app's build and of the tests: Lingui's macro keeping the source text, then this plugin. */
export const LINGUI_BABEL_PLUGINS = [["@lingui/babel-plugin-lingui-macro", { stripMessageField: false }], linguiSourceMessages];
