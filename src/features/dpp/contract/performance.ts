// Performance and durability. Rated values of the model are public (Annex XIII 1(g)–(p)); values
// measured on the individual battery during use are for persons with a legitimate interest
// (Annex XIII 4(a), (b), (d)): they reveal how one owner used one battery.
import { Type } from 'typebox';
import { count, dynamic, entity, group, link, measure, percent, text } from './attr.js';

export const rated = group(
  {
    ratedCapacity: measure('public', 'Ah', 'positive', { description: 'Rated capacity' }),
    ratedEnergy: measure('public', 'kWh', 'positive', { description: 'Rated (certified usable) energy' }),
    nominalVoltage: measure('public', 'V', 'positive'),
    minimumVoltage: measure('public', 'V', 'positive'),
    maximumVoltage: measure('public', 'V', 'positive'),
    originalPowerCapability: measure('public', 'W', 'positive', { description: 'Original power capability' }),
    maximumPermittedPower: measure('public', 'W', 'positive', { description: 'Power limit the battery is rated for' }),
    internalResistance: measure('public', 'Ω', 'positive', { description: 'Initial internal resistance of the pack' }),
    expectedLifetimeCycles: count('public', { description: 'Expected lifetime in full charge-discharge cycles' }),
    expectedLifetimeYears: measure('public', 'years', 'positive', { description: 'Expected calendar life' }),
    lifetimeReferenceTest: link('public', { description: 'Reference test used for the expected lifetime' }),
    cRate: Type.Number({
      exclusiveMinimum: 0,
      'x-range': 'positive',
      'x-access': 'public',
      description: 'C-rate of the relevant cycle-life test',
    }),
    capacityThresholdForExhaustion: percent('public', {
      description: 'State of certified energy below which an EV battery counts as exhausted (EV only)',
    }),
    temperatureRangeIdleState: entity(
      {
        lower: measure('public', '°C', null),
        upper: measure('public', '°C', null),
      },
      { 'x-access': 'public', 'x-unit': '°C', description: 'Temperature range the battery withstands when not in use' },
    ),
    roundTripEfficiency: percent('public', { description: 'Initial round trip energy efficiency' }),
    roundTripEfficiencyAt50PercentCycleLife: percent('public'),
    initialSelfDischargingRate: percent('public', { description: 'Initial self-discharge per month' }),
  },
  'Values of the battery model as placed on the market',
);

export const dynamicValues = group(
  {
    stateOfHealth: dynamic('legitimate_interest', '%', 'percent'),
    stateOfCertifiedEnergy: dynamic('legitimate_interest', '%', 'percent'),
    stateOfCharge: dynamic('legitimate_interest', '%', 'percent'),
    remainingCapacity: dynamic('legitimate_interest', 'Ah', 'non_negative'),
    remainingEnergy: dynamic('legitimate_interest', 'kWh', 'non_negative'),
    remainingPowerCapability: dynamic('legitimate_interest', 'W', 'non_negative'),
    remainingRoundTripEfficiency: dynamic('legitimate_interest', '%', 'percent'),
    capacityFade: dynamic('legitimate_interest', '%', 'percent'),
    powerFade: dynamic('legitimate_interest', '%', 'percent'),
    currentSelfDischargingRate: dynamic('legitimate_interest', '%', 'percent'),
    internalResistanceIncrease: dynamic('legitimate_interest', '%', 'non_negative'),
    numberOfFullCycles: dynamic('legitimate_interest', null, 'non_negative'),
    energyThroughput: dynamic('legitimate_interest', 'kWh', 'non_negative'),
    negativeEvents: Type.Array(
      entity({
        value: text('legitimate_interest', { maxLength: 500, description: 'What happened, e.g. an accident' }),
        lastUpdate: Type.String({ format: 'date-time' }),
      }),
      { maxItems: 500, 'x-access': 'legitimate_interest', description: 'Negative events such as accidents' },
    ),
  },
  'Values measured on this battery during its life',
);

export const performance = group({ rated, dynamic: dynamicValues }, 'Performance and durability');
