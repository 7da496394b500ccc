// General product information: Annex VI Part A identification data, public under Annex XIII 1(a).
import { Type } from 'typebox';
import { group, date, entity, link, measure, text } from './attr.js';

const address = entity({
  streetAddress: text('public', { maxLength: 200 }),
  postalCode: text('public', { maxLength: 20 }),
  addressLocality: text('public', { maxLength: 100 }),
  addressCountry: Type.String({ pattern: '^[A-Z]{2}$', description: 'ISO 3166-1 alpha-2 country code' }),
});

const contact = entity({
  email: Type.Optional(Type.String({ format: 'email', maxLength: 254 })),
  website: Type.Optional(link('public')),
  phone: Type.Optional(text('public', { maxLength: 40 })),
});

export const generalProductInformation = group(
  {
    batteryModel: text('public', { maxLength: 200, description: 'Model identification (Annex VI Part A(2))' }),
    manufacturerInformation: entity(
      {
        name: text('public', { maxLength: 200 }),
        address,
        contact: Type.Optional(contact),
      },
      { 'x-access': 'public', description: 'Name, trade name or mark, postal and web address of the manufacturer' },
    ),
    manufacturingPlace: entity(
      { facilityName: Type.Optional(text('public', { maxLength: 200 })), address },
      { 'x-access': 'public', description: 'Manufacturing facility' },
    ),
    manufacturingDate: date('public', { description: 'Date of manufacture' }),
    // Legitimate-interest data (Battery Pass longlist): it dates one owner's use of one battery.
    putIntoService: date('legitimate_interest', {
      description: 'Date the battery was put into service, where appropriate',
    }),
    batteryMass: measure('public', 'kg', 'positive', { description: 'Mass of the whole battery' }),
    warrantyPeriod: Type.Integer({
      minimum: 0,
      maximum: 1200,
      'x-range': 'non_negative',
      'x-unit': 'months',
      'x-access': 'public',
      description: 'Period of the commercial warranty for the calendar life (Annex XIII 1(m))',
    }),
  },
  'Identification of the battery, its manufacturer and place of manufacture',
);
