/** Where the session lives in localStorage (product §7); read by the boot script before paint too. */
export const SESSION_STORAGE_KEY = 'roboforge.auth.session';
