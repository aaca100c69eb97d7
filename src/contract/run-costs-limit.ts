/** How many runs one `GET runs/costs` may ask about, without zod: the results pages chunk by it and load no validator. */
export const MAX_RUN_COST_IDS = 500;
