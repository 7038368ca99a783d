import type { PluginObj } from "@babel/core";
import type * as BabelTypes from "@babel/types";

declare const linguiSourceMessages: (babel: { types: typeof BabelTypes }) => PluginObj;
export default linguiSourceMessages;
export declare const LINGUI_BABEL_PLUGINS: Array<string | [string, Record<string, unknown>] | typeof linguiSourceMessages>;
