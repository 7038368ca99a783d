/** Debounce of the autocomplete (ms). */
export const SEARCH_DEBOUNCE_MS = 250;
