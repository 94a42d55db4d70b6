/** The fixed projects' ids (product §3), without the catalog's content, for code that only checks ids. */
export const PROJECT_IDS = [1, 2, 3, 4, 5, 6, 7, 8, 9] as const;
