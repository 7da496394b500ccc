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
    // Annex IV Part B(4): power capability at 80 % and 20 % state of charge; the consortium model's
    // list of {atSoC, powerCapabilityAt}. Ascending state of charge, one entry per state (a rule).
    powerCapabilityAt: Type.Array(
      entity({
        atSoC: percent('public', { description: 'State of charge the power capability was measured at' }),
        power: measure('public', 'W', 'positive', { description: 'Power capability at that state of charge' }),
      }),
      {
        minItems: 1,
        maxItems: 21,
        'x-access': 'public',
        'x-unit': 'W',
        description: 'Original power capability at given states of charge (Annex IV Part B(4): 80 % and 20 %)',
      },
    ),
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

/** A measured series (Annex XIII 4: histories of the individual battery): up to 1,000 readings. */
function history(unit: '%' | '°C', range: 'percent' | null, description: string) {
  return Type.Array(
    entity({ value: measure('legitimate_interest', unit, range), lastUpdate: Type.String({ format: 'date-time' }) }),
    { maxItems: 1000, 'x-access': 'legitimate_interest', 'x-unit': unit, description },
  );
}

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
    roundTripEfficiencyFade: dynamic('legitimate_interest', '%', 'percent', {
      description: 'Decrease of the round trip efficiency since placing on the market',
    }),
    capacityThroughput: dynamic('legitimate_interest', 'Ah', 'non_negative', {
      description: 'Charge delivered over the life so far',
    }),
    selfDischargeHistory: history('%', 'percent', 'Self-discharge rate measured over time, oldest first'),
    temperatureHistory: history('°C', null, 'Operating temperature measured over time, oldest first'),
    timeExtremeHighTempCharging: dynamic('legitimate_interest', 'h', 'non_negative', {
      description: 'Time spent charging above the upper temperature boundary',
    }),
    timeExtremeLowTempCharging: dynamic('legitimate_interest', 'h', 'non_negative', {
      description: 'Time spent charging below the lower temperature boundary',
    }),
    timeExtremeHighTemp: dynamic('legitimate_interest', 'h', 'non_negative', {
      description: 'Time spent idle or in use above the upper temperature boundary',
    }),
    timeExtremeLowTemp: dynamic('legitimate_interest', 'h', 'non_negative', {
      description: 'Time spent idle or in use below the lower temperature boundary',
    }),
    numberOfDeepDischargeEvents: dynamic('legitimate_interest', null, 'non_negative', {
      description: 'Deep discharge events counted by the battery management system',
    }),
    numberOfOverchargeEvents: dynamic('legitimate_interest', null, 'non_negative', {
      description: 'Overcharge events counted by the battery management system',
    }),
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
