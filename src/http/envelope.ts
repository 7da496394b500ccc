import { Type, type TSchema } from 'typebox';
import type { FastifyRequest } from 'fastify';
import { Count } from './numbers.js';

export const Meta = Type.Object({ request_id: Type.String(), api_version: Type.String() }, { title: 'Meta' });

export const Pagination = Type.Object(
  {
    has_more: Type.Boolean(),
    next_cursor: Type.Union([Type.String(), Type.Null()]),
    total_count: Count(),
  },
  { title: 'Pagination' },
);

/** Envelopes of a named resource are named after it in the OpenAPI document (CodeResponse, CodeList). */
const titled = (item: TSchema, suffix: string) => {
  const title = (item as { title?: unknown }).title;
  return typeof title === 'string' ? { title: `${title}${suffix}` } : {};
};

/** docs/decisions.md D2: `{data, meta}` for one resource. */
export const One = <T extends TSchema>(data: T) => Type.Object({ data, meta: Meta }, titled(data, 'Response'));

/** docs/decisions.md D2: `{data: [...], meta: {…, pagination}}` for a list. */
export const List = <T extends TSchema>(item: T) =>
  Type.Object(
    {
      data: Type.Array(item),
      meta: Type.Object({ ...Meta.properties, pagination: Pagination }, { title: 'ListMeta' }),
    },
    titled(item, 'List'),
  );

export interface Page<T> {
  items: T[];
  has_more: boolean;
  next_cursor: string | null;
  total_count: number;
}

function meta(request: FastifyRequest) {
  return { request_id: request.id, api_version: request.server.deps.config.version };
}

export function one<T>(request: FastifyRequest, data: T) {
  return { data, meta: meta(request) };
}

export function list<T, U = T>(request: FastifyRequest, page: Page<T>, map?: (item: T) => U) {
  const { items, ...pagination } = page;
  return { data: map ? items.map(map) : items, meta: { ...meta(request), pagination } };
}
