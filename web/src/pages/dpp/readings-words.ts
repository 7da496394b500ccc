// The dynamic attributes a reading may carry (performance.dynamic), their labels and units.
import type { PassportReading } from '../../api/hooks/passportReadings';
import type { MessageKey } from '../../i18n/en';
import { resolve, type SchemaNode } from './contract-schema';

export type Attribute = PassportReading['attribute'];

export const ATTRIBUTES: Attribute[] = [
  'stateOfHealth',
  'stateOfCharge',
  'stateOfCertifiedEnergy',
  'remainingCapacity',
  'remainingEnergy',
  'remainingPowerCapability',
  'remainingRoundTripEfficiency',
  'capacityFade',
  'powerFade',
  'currentSelfDischargingRate',
  'internalResistanceIncrease',
  'numberOfFullCycles',
  'energyThroughput',
  'roundTripEfficiencyFade',
  'capacityThroughput',
  'selfDischargeHistory',
  'temperatureHistory',
  'timeExtremeHighTempCharging',
  'timeExtremeLowTempCharging',
  'timeExtremeHighTemp',
  'timeExtremeLowTemp',
  'numberOfDeepDischargeEvents',
  'numberOfOverchargeEvents',
  'negativeEvents',
];

/** The values the passport's screen shows at a glance. */
export const HEADLINE: Attribute[] = ['stateOfHealth', 'stateOfCharge'];

export const attributeLabel = (a: string) => `readings.attr.${a}` as MessageKey;

/** The attribute's unit as the contract (/openapi.json) gives it; none for counts and events. */
export function unitOf(root: Record<string, SchemaNode> | undefined, attribute: string): string | undefined {
  if (!root) return undefined;
  const step = (n: SchemaNode | undefined, k: string) => resolve(root, resolve(root, n)?.properties?.[k]);
  const node = step(step(root.PassportData, 'performance'), 'dynamic');
  return resolve(root, node?.properties?.[attribute])?.['x-unit'];
}

/** What a reading's input becomes: text for events, a number where it reads as one (else the server explains). */
export function readingValue(attribute: Attribute, input: string): number | string {
  if (attribute === 'negativeEvents') return input;
  const n = Number(input.replace(',', '.'));
  return input.trim() !== '' && Number.isFinite(n) ? n : input;
}

/** A datetime-local value of now, in the browser's time zone. */
export function localNow(): string {
  const d = new Date();
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}
