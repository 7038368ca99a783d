import type { Plugin } from "vite";

/** Vite plugin: after the client build, renders /login and /register into dist/prerender/. */
export declare function prerenderPages(): Plugin;
