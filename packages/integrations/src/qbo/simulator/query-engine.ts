// Runs parsed QuickBooks queries (query-parser.ts) over the simulated company's rows.
import { QueryValidationError, type Condition, type Literal, type ParsedQuery } from './query-parser';

export { parseQuery, QueryParseError, QueryValidationError, type Condition, type ParsedQuery } from './query-parser';

export type QueryableEntity = { name: string; rows: ReadonlyArray<Record<string, unknown>> };

function fieldValue(row: Record<string, unknown>, path: string): unknown {
  let value: unknown = row;
  for (const part of path.split('.')) {
    if (typeof value !== 'object' || value === null) return undefined;
    const record = value as Record<string, unknown>;
    const key = Object.keys(record).find((candidate) => candidate.toLowerCase() === part.toLowerCase());
    value = key === undefined ? undefined : record[key];
  }
  // References (CustomerRef, ItemRef, ...) compare by their id, as in QuickBooks.
  if (typeof value === 'object' && value !== null && 'value' in value) return (value as { value: unknown }).value;
  // An e-mail address (PrimaryEmailAddr) compares by its address, as in QuickBooks.
  if (typeof value === 'object' && value !== null && 'Address' in value) return (value as { Address: unknown }).Address;
  return value;
}

function compareValues(actual: unknown, expected: Literal): number | null {
  if (actual === undefined || actual === null) return null;
  if (typeof expected === 'boolean') return actual === expected ? 0 : null;
  const actualNumber = typeof actual === 'number' ? actual : Number(actual);
  const expectedNumber = typeof expected === 'number' ? expected : Number(expected);
  if (
    typeof actual !== 'boolean' &&
    !Number.isNaN(actualNumber) &&
    !Number.isNaN(expectedNumber) &&
    String(actual).trim() !== '' &&
    String(expected).trim() !== ''
  ) {
    return Math.sign(actualNumber - expectedNumber);
  }
  const left = String(actual).toLowerCase();
  const right = String(expected).toLowerCase();
  return left === right ? 0 : left < right ? -1 : 1;
}

function likePattern(pattern: string): RegExp {
  const escaped = pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/%/g, '.*');
  return new RegExp(`^${escaped}$`, 'is');
}

function matches(row: Record<string, unknown>, condition: Condition): boolean {
  const actual = fieldValue(row, condition.field);
  switch (condition.operator) {
    case 'IN':
      return condition.values.some((value) => compareValues(actual, value) === 0);
    case 'LIKE':
      return actual !== undefined && actual !== null && likePattern(String(condition.value)).test(String(actual));
    default: {
      const order = compareValues(actual, condition.value);
      if (order === null) return false;
      if (condition.operator === '=') return order === 0;
      if (condition.operator === '<') return order < 0;
      if (condition.operator === '>') return order > 0;
      if (condition.operator === '<=') return order <= 0;
      return order >= 0;
    }
  }
}

/**
 * Runs a parsed query over the rows of its entity and answers with QuickBooks' QueryResponse
 * body: rows under the entity's name with startPosition and maxResults, `{}` when nothing
 * matched, `{totalCount}` for count(*).
 */
export function runQuery(
  query: ParsedQuery,
  entities: ReadonlyArray<QueryableEntity>,
  knownFields: (entityName: string) => ReadonlySet<string>,
): Record<string, unknown> {
  const entity = entities.find((candidate) => candidate.name.toLowerCase() === query.entity.toLowerCase());
  if (!entity) throw new QueryValidationError(`QueryValidationError: Entity ${query.entity} not found`);
  const fields = knownFields(entity.name);
  const referenced = [
    ...query.conditions.map((condition) => condition.field),
    ...query.orderBy.map((order) => order.field),
    ...(query.selection.kind === 'fields' ? query.selection.fields : []),
  ];
  for (const field of referenced) {
    const topLevel = field.split('.')[0]?.toLowerCase() ?? '';
    if (![...fields].some((known) => known.toLowerCase() === topLevel)) {
      throw new QueryValidationError(`QueryValidationError: Property ${field} not found for Entity ${entity.name}`);
    }
  }

  const matching = entity.rows.filter((row) => query.conditions.every((condition) => matches(row, condition)));
  if (query.selection.kind === 'count') return { totalCount: matching.length };

  const ordered = [...matching];
  if (query.orderBy.length > 0) {
    ordered.sort((left, right) => {
      for (const order of query.orderBy) {
        const leftValue = fieldValue(left, order.field);
        const rightValue = fieldValue(right, order.field);
        const comparison = compareValues(leftValue, rightValue as Literal) ?? (leftValue === undefined ? -1 : 1);
        if (comparison !== 0) return order.descending ? -comparison : comparison;
      }
      return 0;
    });
  }
  const page = ordered.slice(query.startPosition - 1, query.startPosition - 1 + query.maxResults);
  if (page.length === 0) return {};
  const selection = query.selection;
  const shaped =
    selection.kind === 'fields'
      ? page.map((row) => {
          const picked: Record<string, unknown> = { domain: row.domain ?? 'QBO', sparse: true, Id: row.Id };
          for (const field of selection.fields) {
            const key = Object.keys(row).find((candidate) => candidate.toLowerCase() === field.toLowerCase());
            if (key !== undefined) picked[key] = row[key];
          }
          return picked;
        })
      : page;
  return { [entity.name]: shaped, startPosition: query.startPosition, maxResults: page.length };
}
