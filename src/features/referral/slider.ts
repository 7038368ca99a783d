/** The home's gift slider (SPEC §9): the first 25 gifts, shown when there are more than 2, one step every 4 s. */
export const HOME_GIFTS_PER_PAGE = 25;
export const SLIDER_MIN_GIFTS = 2;
export const SLIDER_AUTOPLAY_MS = 4000;
