/** Colour families shared by badges, stat cards and other tinted components. */
export const TONES = ['gray', 'green', 'red', 'yellow', 'blue', 'orange', 'purple'] as const;

export type Tone = (typeof TONES)[number];
