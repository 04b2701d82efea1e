// The directory listings (users, queues, wrap-up codes) as Genesys pages them: pageSize and
// pageNumber checked, the entity listing's URIs, filters by id, state, division and name pattern.
import type { GenesysEntityListing, GenesysQueue, GenesysUser } from '../schemas';
import type { SimulatedDirectory } from './directory';

/** A request the simulator refuses, answered in Genesys' error body. */
export class SimulatorHttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

function parsePaging(url: URL, maxPageSize: number): { pageSize: number; pageNumber: number } {
  const pageSize = url.searchParams.has('pageSize') ? Number(url.searchParams.get('pageSize')) : 25;
  const pageNumber = url.searchParams.has('pageNumber') ? Number(url.searchParams.get('pageNumber')) : 1;
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > maxPageSize) {
    throw new SimulatorHttpError(
      400,
      'invalid.value',
      `Value [${url.searchParams.get('pageSize')}] is not valid for field type [pageSize]. It must be between 1 and ${maxPageSize}.`,
    );
  }
  if (!Number.isInteger(pageNumber) || pageNumber < 1) {
    throw new SimulatorHttpError(
      400,
      'invalid.value',
      `Value [${url.searchParams.get('pageNumber')}] is not valid for field type [pageNumber].`,
    );
  }
  return { pageSize, pageNumber };
}

/** Multi-valued query parameters arrive comma-joined (the SDK) or repeated; accept both. */
function listParam(url: URL, name: string): string[] {
  return url.searchParams
    .getAll(name)
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter(Boolean);
}

export function listing<Entity>(url: URL, all: Entity[], maxPageSize: number): GenesysEntityListing<Entity> {
  const { pageSize, pageNumber } = parsePaging(url, maxPageSize);
  const pageCount = Math.max(1, Math.ceil(all.length / pageSize));
  const uriFor = (page: number): string => {
    const params = new URLSearchParams(url.searchParams);
    params.set('pageSize', String(pageSize));
    params.set('pageNumber', String(page));
    return `${url.pathname}?${params.toString()}`;
  };
  return {
    entities: all.slice((pageNumber - 1) * pageSize, pageNumber * pageSize),
    pageSize,
    pageNumber,
    total: all.length,
    pageCount,
    firstUri: uriFor(1),
    selfUri: uriFor(pageNumber),
    lastUri: uriFor(pageCount),
    ...(pageNumber < pageCount ? { nextUri: uriFor(pageNumber + 1) } : {}),
    ...(pageNumber > 1 ? { previousUri: uriFor(Math.min(pageNumber - 1, pageCount)) } : {}),
  };
}

export function listUsers(directory: SimulatedDirectory, url: URL): GenesysEntityListing<GenesysUser> {
  const ids = listParam(url, 'id');
  const state = url.searchParams.get('state') ?? 'active';
  let users = directory.users.filter((user) => state === 'any' || user.state === state);
  if (ids.length > 0) users = users.filter((user) => ids.includes(user.id));
  users = [...users].sort((a, b) => a.name.localeCompare(b.name));
  if (/^desc/i.test(url.searchParams.get('sortOrder') ?? '')) users.reverse();
  return listing(url, users, 500);
}

export function listQueues(directory: SimulatedDirectory, url: URL): GenesysEntityListing<GenesysQueue> {
  const ids = listParam(url, 'id');
  const divisionIds = listParam(url, 'divisionId');
  const namePattern = url.searchParams.get('name');
  let queues = [...directory.queues];
  if (ids.length > 0) queues = queues.filter((queue) => ids.includes(queue.id));
  if (divisionIds.length > 0) queues = queues.filter((queue) => divisionIds.includes(queue.division.id));
  if (namePattern) {
    const escaped = namePattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*');
    const matcher = new RegExp(`^${escaped}$`, 'i');
    queues = queues.filter((queue) => matcher.test(queue.name));
  }
  queues.sort((a, b) => a.name.localeCompare(b.name));
  if (/^desc/i.test(url.searchParams.get('sortOrder') ?? '')) queues.reverse();
  return listing(url, queues, 500);
}
