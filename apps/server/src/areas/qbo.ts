import type { ServerArea } from './index';

/** Server-side life of this area: see ServerArea in ./index.ts. */
export const qboArea: ServerArea = { name: 'qbo' };
