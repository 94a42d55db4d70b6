/** "2026-11-25": the date in the names of the files the class routes answer with (exports, CSV). */
export const today = () => new Date().toISOString().slice(0, 10);
