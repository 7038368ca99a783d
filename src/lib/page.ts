/** One page of a paged list: its rows and the page meta of DESIGN §3. */
export interface Page<T> {
  items: T[];
  meta: { current_page: number; last_page: number; total: number };
}

/** A page from an answer's payload and meta (a server that sends no meta sent everything: one page). */
export function pageOf<T>(items: T[] | undefined, meta: Page<T>["meta"] | undefined, page: number): Page<T> {
  const list = items ?? [];
  return { items: list, meta: meta ?? { current_page: page, last_page: 1, total: list.length } };
}
