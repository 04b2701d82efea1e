/**
 * What a person typed into a search box or filter, made safe for an ILIKE pattern (our own SQL,
 * and Prisma's case-insensitive `contains` and `equals` on PostgreSQL, which build one): `%`, `_`
 * and the escape character itself are escaped, so they match literally (a search for "%" finds
 * names holding a percent sign, not every name).
 */
export const escapeLikePattern = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/** A case-insensitive exact match for Prisma (a region named "N%" is not "North"). */
export function equalsIgnoringCase(text: string) {
  return { equals: escapeLikePattern(text), mode: 'insensitive' as const };
}
