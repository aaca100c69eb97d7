/** How many runs one `GET run-summaries` may ask about, without zod: the comparison and group pages read it and load no validator. */
export const MAX_RUN_SUMMARY_IDS = 50;
