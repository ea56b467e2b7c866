/** A secret shorter than this cannot be redacted from text safely: it would miss it or erase ordinary words. */
export const MIN_SECRET_LENGTH = 8;
