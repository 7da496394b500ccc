// What the model passport routes share: their tag and the envelope of a saved model (with warnings).
import type { FastifyRequest } from 'fastify';
import { one } from '../../http/envelope.js';
import type { SavedModel } from './models.service.js';

export const tags = ['dpp'];

export const saved = (request: FastifyRequest, s: SavedModel) => {
  const { meta } = one(request, null);
  return { data: s.model, meta: { ...meta, warnings: s.warnings } };
};
