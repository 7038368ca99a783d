/**
 * Paths of screens that later issues build (they show the not-found page until then): the router's
 * type-safe `to` does not know them yet. The one cast of the app; remove a use once its route exists.
 */
export const routeTo = (path: string) => path as never;
