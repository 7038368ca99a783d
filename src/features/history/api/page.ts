/** One page of a history table: its rows and the page meta of DESIGN §3. */
export interface HistoryPage<T> {
  items: T[];
  meta: { current_page: number; last_page: number; total: number };
}

export function pageOf<T>(items: T[] | undefined, meta: HistoryPage<T>["meta"] | undefined, page: number): HistoryPage<T> {
  const list = items ?? [];
  return { items: list, meta: meta ?? { current_page: page, last_page: 1, total: list.length } };
}
