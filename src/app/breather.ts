/**
 * A pause in the app's start (imported by ./main between the libraries and the route tree): the modules the entry
 * imports after this one evaluate in a later task, so the browser can paint and answer a tap between the two halves
 * instead of after one long task. The bundle keeps the order (this module's top-level await sits between them in the
 * entry chunk).
 */
import { yieldToMain } from "@/lib/yieldToMain";

await yieldToMain();
