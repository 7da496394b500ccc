// Material composition. Chemistry, critical raw materials and hazardous substances are public
// (Annex XIII 1(b)); the detailed composition of cathode, anode and electrolyte is for persons with
// a legitimate interest only (Annex XIII 2(a)).
import { Type } from 'typebox';
import { group, entity, measure, text } from './attr.js';

export const BATTERY_COMPONENTS = ['cathode', 'anode', 'electrolyte', 'separator', 'casing', 'other'] as const;

const casNumber = Type.String({ pattern: '^[0-9]{2,7}-[0-9]{2}-[0-9]$', description: 'CAS registry number' });

export const materialComposition = group(
  {
    batteryChemistry: text('public', {
      maxLength: 100,
      description: 'Chemistry as commonly named, for example NMC811, LFP, NCA, lead-acid',
    }),
    criticalRawMaterials: Type.Array(text('public', { maxLength: 100 }), {
      maxItems: 50,
      uniqueItems: true,
      'x-access': 'public',
      description: 'Critical raw materials present above 0.1 % by weight (empty list when none)',
    }),
    hazardousSubstances: Type.Array(
      entity({
        name: text('public', { maxLength: 200 }),
        casNumber: Type.Optional(casNumber),
        mass: Type.Optional(measure('public', 'g', 'positive')),
        location: Type.Optional(Type.Enum(BATTERY_COMPONENTS)),
        impactOfSubstances: Type.Optional(
          text('public', {
            maxLength: 2000,
            description: 'Impact of the substance on the environment and on human health (Annex XIII 1(b))',
          }),
        ),
      }),
      {
        maxItems: 100,
        'x-access': 'public',
        'x-unit': 'g',
        description: 'Hazardous substances other than mercury, cadmium or lead (empty list when none)',
      },
    ),
    batteryMaterials: Type.Array(
      entity({
        component: Type.Enum(BATTERY_COMPONENTS),
        materialName: text('legitimate_interest', { maxLength: 200 }),
        casNumber: Type.Optional(casNumber),
        mass: measure('legitimate_interest', 'g', 'positive'),
      }),
      {
        minItems: 1,
        maxItems: 200,
        'x-access': 'legitimate_interest',
        'x-unit': 'g',
        description: 'Detailed composition, including the materials of cathode, anode and electrolyte',
      },
    ),
  },
  'What the battery is made of',
);
