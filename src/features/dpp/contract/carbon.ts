// Carbon footprint (Art. 7): public under Annex XIII 1(c).
import { Type } from 'typebox';
import { group, entity, link, measure } from './attr.js';

// Per-stage values may be negative: end-of-life credits from recycling reduce the total.
const stage = (description: string) => Type.Optional(measure('public', 'kgCO2e/kWh', null, { description }));

export const carbonFootprint = group(
  {
    batteryCarbonFootprint: measure('public', 'kgCO2e/kWh', 'positive', {
      description: 'Life-cycle carbon footprint per kWh of total energy delivered over the service life',
    }),
    carbonFootprintPerLifecycleStage: entity(
      {
        rawMaterialAcquisition: stage('Raw material acquisition and pre-processing'),
        mainProduction: stage('Main product production'),
        distribution: stage('Distribution'),
        endOfLifeAndRecycling: stage('End of life and recycling'),
      },
      { 'x-access': 'public', 'x-unit': 'kgCO2e/kWh', minProperties: 1 },
    ),
    carbonFootprintPerformanceClass: Type.String({
      pattern: '^[A-G]$',
      'x-access': 'public',
      description: 'Carbon footprint performance class, once the delegated act defines the classes',
    }),
    carbonFootprintStudy: link('public', { description: 'Public version of the carbon footprint study' }),
  },
  'Carbon footprint of the battery model',
);
