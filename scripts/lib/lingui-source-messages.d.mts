import type { PluginObj } from "@babel/core";
declare const linguiSourceMessages: (babel: { types: typeof import("@babel/types") }) => PluginObj;
export default linguiSourceMessages;
export declare const LINGUI_BABEL_PLUGINS: Array<string | [string, Record<string, unknown>] | typeof linguiSourceMessages>;
