/**
 * What a person typed into a search box or filter, made safe for Prisma's case-insensitive
 * `contains` and `equals` on PostgreSQL, which both build an ILIKE pattern from it: `%`, `_` and
 * the escape character itself are escaped, so they match literally (a search for "%" finds names
 * holding a percent sign, not every name).
 */
export const escapeLikePattern = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

export function containsLiterally(text: string) {
  return { contains: escapeLikePattern(text), mode: 'insensitive' as const };
}

export function equalsIgnoringCase(text: string) {
  return { equals: escapeLikePattern(text), mode: 'insensitive' as const };
}
