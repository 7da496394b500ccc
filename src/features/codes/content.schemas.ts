import { Type, type Static, type TSchema } from 'typebox';
import type { ContentByType, ContentType } from '../../qr/payloads.js';
import {
  ALLERGENS,
  SOCIAL_NETWORKS,
  type AppContent,
  type CouponContent,
  type EventContent,
  type LinksContent,
  type MenuContent,
  type PageOnlyType,
  type PdfContent,
  type SocialContent,
} from './page-types.js';

// One schema per content type, so the codes feature validates `content` by `type` and reports
// JSON pointers into it. Unknown members are refused rather than silently dropped.
const closed = { additionalProperties: false } as const;
const str = (max: number, min = 1) => Type.String({ minLength: min, maxLength: max });
const phone = Type.String({
  pattern: '^\\+?[0-9 ()-]{3,32}$',
  description: 'Digits, optional leading +, spaces, ( ) and -.',
});
const email = Type.String({ format: 'email', maxLength: 254 });
/** `required` with the member declared alongside, as Ajv's strict mode wants. */
const present = (key: string) => ({ properties: { [key]: { type: 'string' } }, required: [key] });
const httpUrl = Type.String({ format: 'uri', pattern: '^https?://', maxLength: 2048 });

export const UrlContentSchema = Type.Object({ url: httpUrl }, closed);
export const TextContentSchema = Type.Object({ text: str(2000) }, closed);
export const EmailContentSchema = Type.Object(
  {
    to: email,
    subject: Type.Optional(Type.String({ maxLength: 255 })),
    body: Type.Optional(Type.String({ maxLength: 2000 })),
    cc: Type.Optional(email),
    bcc: Type.Optional(email),
  },
  closed,
);
export const PhoneContentSchema = Type.Object({ number: phone }, closed);
export const SmsContentSchema = Type.Object(
  { number: phone, message: Type.Optional(Type.String({ maxLength: 1000 })) },
  closed,
);
export const WifiContentSchema = Type.Object(
  {
    ssid: str(32),
    encryption: Type.Enum(['WPA', 'WEP', 'nopass']),
    password: Type.Optional(str(63)),
    hidden: Type.Optional(Type.Boolean()),
  },
  {
    ...closed,
    // A secured network without a password would give a code that cannot join it.
    if: { properties: { encryption: { const: 'nopass' } } },
    else: present('password'),
  },
);
export const GeoContentSchema = Type.Object(
  {
    lat: Type.Number({ minimum: -90, maximum: 90 }),
    lng: Type.Number({ minimum: -180, maximum: 180 }),
    query: Type.Optional(str(200)),
  },
  closed,
);
export const VcardAddressSchema = Type.Object(
  {
    street: Type.Optional(str(200)),
    city: Type.Optional(str(100)),
    region: Type.Optional(str(100)),
    postal_code: Type.Optional(str(20)),
    country: Type.Optional(str(100)),
  },
  closed,
);
export const VcardContentSchema = Type.Object(
  {
    first_name: Type.Optional(str(100)),
    last_name: Type.Optional(str(100)),
    full_name: Type.Optional(str(200)),
    organization: Type.Optional(str(200)),
    title: Type.Optional(str(100)),
    phone: Type.Optional(phone),
    mobile: Type.Optional(phone),
    email: Type.Optional(email),
    url: Type.Optional(httpUrl),
    address: Type.Optional(VcardAddressSchema),
    note: Type.Optional(str(500)),
  },
  {
    ...closed,
    // vCard 3.0 requires FN, which is built from any of these.
    anyOf: ['first_name', 'last_name', 'full_name', 'organization'].map(present),
  },
);

export const ContentSchemas = {
  url: UrlContentSchema,
  text: TextContentSchema,
  email: EmailContentSchema,
  phone: PhoneContentSchema,
  sms: SmsContentSchema,
  wifi: WifiContentSchema,
  vcard: VcardContentSchema,
  geo: GeoContentSchema,
} as const satisfies Record<ContentType, TSchema>;

export const LinksContentSchema = Type.Object(
  {
    title: str(100),
    description: Type.Optional(str(500)),
    links: Type.Array(Type.Object({ label: str(100), url: httpUrl }, closed), { minItems: 1, maxItems: 20 }),
  },
  closed,
);
export const PdfContentSchema = Type.Object(
  {
    file_id: Type.String({
      minLength: 1,
      maxLength: 100,
      description: 'An uploaded file of the workspace (POST /v1/files).',
    }),
    title: Type.Optional(str(200)),
    description: Type.Optional(str(500)),
  },
  closed,
);
// Store links only: the page sends iPhones and Android phones straight there, so an arbitrary
// address here would be an open redirect dressed as an app download.
export const AppContentSchema = Type.Object(
  {
    name: str(100),
    description: Type.Optional(str(500)),
    app_store_url: Type.Optional(
      Type.String({ format: 'uri', pattern: '^https://(apps|itunes)\\.apple\\.com/', maxLength: 2048 }),
    ),
    play_store_url: Type.Optional(
      Type.String({ format: 'uri', pattern: '^https://play\\.google\\.com/', maxLength: 2048 }),
    ),
  },
  { ...closed, anyOf: ['app_store_url', 'play_store_url'].map(present) },
);

// The newer page types (docs/decisions.md D82). Limits keep a page small on a phone's network.
export const MenuContentSchema = Type.Object(
  {
    title: str(100),
    description: Type.Optional(str(500)),
    currency: Type.Optional(
      Type.String({
        pattern: '^[A-Z]{3}$',
        description: 'ISO 4217 code of the prices; default EUR.',
        examples: ['EUR'],
      }),
    ),
    sections: Type.Array(
      Type.Object(
        {
          name: str(100),
          items: Type.Array(
            Type.Object(
              {
                name: str(100),
                description: Type.Optional(str(200)),
                price: Type.Optional(Type.Number({ minimum: 0, maximum: 1_000_000, multipleOf: 0.01 })),
                allergens: Type.Optional(
                  Type.Array(Type.Enum([...ALLERGENS]), {
                    maxItems: ALLERGENS.length,
                    uniqueItems: true,
                    description: 'The EU 1169/2011 allergens the dish contains.',
                  }),
                ),
              },
              closed,
            ),
            { minItems: 1, maxItems: 40 },
          ),
        },
        closed,
      ),
      { minItems: 1, maxItems: 12 },
    ),
  },
  closed,
);
const isoDate = Type.String({ format: 'date', maxLength: 10, examples: ['2027-06-30'] });
const isoDateTime = Type.String({ format: 'date-time', maxLength: 40, examples: ['2027-06-30T19:00:00+02:00'] });
export const CouponContentSchema = Type.Object(
  {
    title: str(100),
    description: Type.Optional(str(500)),
    code: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 40,
        pattern: '^[^\\s]+$',
        description: 'The code to show or type at checkout.',
      }),
    ),
    expires_on: Type.Optional({ ...isoDate, description: 'Last valid day (the page says so after it).' }),
    terms: Type.Optional(str(2000)),
    url: Type.Optional(httpUrl),
  },
  closed,
);
export const EventContentSchema = Type.Object(
  {
    title: str(200),
    description: Type.Optional(str(1000)),
    starts_at: isoDateTime,
    ends_at: Type.Optional({ ...isoDateTime, description: 'Not before starts_at; default two hours after it.' }),
    location: Type.Optional(str(300)),
    url: Type.Optional(httpUrl),
  },
  closed,
);
export const SocialContentSchema = Type.Object(
  {
    title: str(100),
    description: Type.Optional(str(500)),
    profiles: Type.Array(
      Type.Object(
        {
          network: Type.Enum([...SOCIAL_NETWORKS]),
          url: httpUrl,
          label: Type.Optional(str(100)),
        },
        closed,
      ),
      { minItems: 1, maxItems: 20 },
    ),
  },
  closed,
);

export const PageContentSchemas = {
  links: LinksContentSchema,
  pdf: PdfContentSchema,
  app: AppContentSchema,
  menu: MenuContentSchema,
  coupon: CouponContentSchema,
  event: EventContentSchema,
  social: SocialContentSchema,
} as const satisfies Record<PageOnlyType, TSchema>;

type PageSame = [
  Same<Static<typeof LinksContentSchema>, LinksContent>,
  Same<Static<typeof PdfContentSchema>, PdfContent>,
  Same<Static<typeof AppContentSchema>, AppContent>,
  Same<Static<typeof MenuContentSchema>, MenuContent>,
  Same<Static<typeof CouponContentSchema>, CouponContent>,
  Same<Static<typeof EventContentSchema>, EventContent>,
  Same<Static<typeof SocialContentSchema>, SocialContent>,
];
const pageSchemasMatchTypes: PageSame = [true, true, true, true, true, true, true];
void pageSchemasMatchTypes;

// Compile-time guard: a schema and its hand-written interface may not drift apart.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Checks = { [T in ContentType]: Same<Static<(typeof ContentSchemas)[T]>, ContentByType[T]> };
export type SchemasMatchTypes = Checks extends { [T in ContentType]: true } ? true : never;
const schemasMatchTypes: SchemasMatchTypes = true;
void schemasMatchTypes;
