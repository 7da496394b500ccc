// Domain events (docs/decisions.md D13): what changed, published inside the change's transaction.
export {
  EVENT_TYPES,
  SUBSCRIBABLE,
  OPT_IN_ONLY,
  ORGANIZATION_WIDE,
  eventTypeOfAction,
  type EventType,
} from './event-types.js';
export { publishEvent, EVENT_JOB, type PublishedEvent } from './events.js';
