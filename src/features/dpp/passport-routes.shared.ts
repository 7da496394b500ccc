// What the passport routes share: their tag and the envelope of a saved passport (with warnings).
import type { FastifyRequest } from 'fastify';
import { one } from '../../http/envelope.js';
import type { Saved } from './dpp.service.js';

export const tags = ['dpp'];

export const saved = (request: FastifyRequest, s: Saved) => {
  const { meta } = one(request, null);
  return { data: s.passport, meta: { ...meta, warnings: s.warnings } };
};
