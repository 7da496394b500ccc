// Circularity. Recycled and renewable content, extinguishing agent and end-of-life information are
// public (Annex XIII 1(a), 1(e), 1(f), Art. 60); dismantling information, spare-part sources and
// safety measures are for persons with a legitimate interest (Annex XIII 2(b)–(d)).
import { Type } from 'typebox';
import { group, entity, link, percent, text } from './attr.js';

export const DISMANTLING_DOCUMENT_TYPES = [
  'BillOfMaterial',
  'Model3D',
  'DismantlingManual',
  'RemovalManual',
  'OtherManual',
  'Drawing',
] as const;

const share = entity(
  {
    preConsumer: Type.Optional(percent('public', { description: 'Share recovered from manufacturing waste' })),
    postConsumer: Type.Optional(percent('public', { description: 'Share recovered from post-consumer waste' })),
  },
  { minProperties: 1 },
);

const postalAddress = entity({
  streetAddress: text('legitimate_interest', { maxLength: 200 }),
  postalCode: text('legitimate_interest', { maxLength: 20 }),
  addressLocality: text('legitimate_interest', { maxLength: 100 }),
  addressCountry: Type.String({ pattern: '^[A-Z]{2}$' }),
});

export const circularity = group(
  {
    recycledContent: entity(
      {
        cobalt: Type.Optional(share),
        lithium: Type.Optional(share),
        nickel: Type.Optional(share),
        lead: Type.Optional(share),
      },
      {
        minProperties: 1,
        'x-access': 'public',
        'x-unit': '%',
        description: 'Share of cobalt, lithium, nickel and lead in active materials recovered from waste (Art. 8)',
      },
    ),
    renewableContent: percent('public', { description: 'Share of renewable material content' }),
    extinguishingAgent: Type.Array(text('public', { maxLength: 200 }), {
      minItems: 1,
      maxItems: 10,
      'x-access': 'public',
      description: 'Usable extinguishing agents (Annex VI Part A(9))',
    }),
    endOfLifeInformation: entity(
      {
        wastePrevention: link('public', { description: 'Role of end-users in waste prevention (Art. 60(1)(a))' }),
        separateCollection: link('public', { description: 'Role of end-users in separate collection (Art. 60(1)(b))' }),
        informationOnCollection: link('public', { description: 'Collection points and take-back (Art. 60(1)(c))' }),
      },
      { 'x-access': 'public' },
    ),
    dismantlingInformation: Type.Array(
      entity({
        documentType: Type.Enum(DISMANTLING_DOCUMENT_TYPES),
        mimeType: Type.String({ pattern: '^[a-z]+/[a-zA-Z0-9.+-]+$', maxLength: 100 }),
        documentUrl: link('legitimate_interest'),
      }),
      {
        minItems: 1,
        maxItems: 50,
        'x-access': 'legitimate_interest',
        description: 'Exploded diagrams, disassembly sequences, fastenings, tools, warnings, cell layout',
      },
    ),
    sparePartSources: Type.Array(
      entity({
        nameOfSupplier: text('legitimate_interest', { maxLength: 200 }),
        addressOfSupplier: Type.Optional(postalAddress),
        emailAddressOfSupplier: Type.Optional(Type.String({ format: 'email', maxLength: 254 })),
        supplierWebAddress: Type.Optional(link('legitimate_interest')),
        components: Type.Array(
          entity({
            partName: text('legitimate_interest', { maxLength: 200 }),
            partNumber: text('legitimate_interest', { maxLength: 100 }),
          }),
          { minItems: 1, maxItems: 500 },
        ),
      }),
      {
        minItems: 1,
        maxItems: 50,
        'x-access': 'legitimate_interest',
        description: 'Part numbers of components and contact details of sources for spare parts',
      },
    ),
    safetyMeasures: entity(
      {
        safetyInstructions: link('legitimate_interest', {
          description: 'Instructions for handling the battery safely',
        }),
        wasteHandlingInstructions: Type.Optional(link('legitimate_interest')),
      },
      { 'x-access': 'legitimate_interest', description: 'Safety measures (Annex XIII 2(d))' },
    ),
  },
  'Recycled content, repair, dismantling and end of life',
);
