/** The `meta` of a page of a list (DESIGN §3 envelope): the page asked, the last page (at least 1), the total. */
export function pageMeta(page: number, perPage: number, total: number) {
  return { current_page: page, last_page: Math.max(1, Math.ceil(total / perPage)), total };
}
