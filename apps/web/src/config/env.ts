/** Base address of the API; empty means the same origin as the page (spec 000 §7). */
export const API_BASE_URL = (import.meta.env.VITE_API_BASE_URL ?? '').replace(/\/$/, '');
