import { Type, type Static } from 'typebox';

export const DEVICES = ['mobile', 'tablet', 'desktop', 'smarttv', 'wearable', 'console', 'xr', 'embedded'] as const;
/** OS names as ua-parser-js gives them, lower-case without spaces ("Chrome OS" → chromeos). */
export const OPERATING_SYSTEMS = [
  'ios',
  'ipados',
  'android',
  'windows',
  'macos',
  'linux',
  'chromeos',
  'harmonyos',
] as const;
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

const oneOrMore = <T extends ReturnType<typeof Type.String>>(item: T, description: string) =>
  Type.Array(item, { minItems: 1, maxItems: 50, uniqueItems: true, description });
const clock = Type.String({
  pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$',
  description: 'Local time HH:MM.',
  examples: ['09:00'],
});

/**
 * Every condition of a rule must hold (AND); each list matches any of its values (OR). An unknown
 * condition is refused (additionalProperties), never ignored: a typo must not route everyone.
 */
export const RuleConditions = Type.Object(
  {
    device: Type.Optional(oneOrMore(Type.String({ enum: [...DEVICES] }), 'Device classes.')),
    os: Type.Optional(oneOrMore(Type.String({ enum: [...OPERATING_SYSTEMS] }), 'Operating systems.')),
    language: Type.Optional(
      oneOrMore(
        Type.String({ pattern: '^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})?$', examples: ['de'] }),
        "Language tags; `de` matches the visitor's first Accept-Language range `de`, `de-CH`, …",
      ),
    ),
    country: Type.Optional(
      oneOrMore(
        Type.String({ pattern: '^[A-Z]{2}$', examples: ['DE'] }),
        "ISO 3166-1 alpha-2 codes of the visitor's address: the trusted country header where configured, else the IP database.",
      ),
    ),
    region: Type.Optional(
      oneOrMore(
        Type.String({ minLength: 1, maxLength: 100, examples: ['Bavaria'] }),
        'Region names (state, province) as the IP database gives them, in any case: "Bavaria", "California". Pair with `country` where a name occurs in two countries.',
      ),
    ),
    time: Type.Optional(
      Type.Object(
        {
          from: clock,
          to: clock,
          days: Type.Optional(
            Type.Array(Type.String({ enum: [...WEEKDAYS] }), { minItems: 1, maxItems: 7, uniqueItems: true }),
          ),
          time_zone: Type.Optional(
            Type.String({ minLength: 1, maxLength: 64, description: "IANA zone; default the workspace's time zone." }),
          ),
        },
        {
          additionalProperties: false,
          description: 'Local time window, `from` inclusive, `to` exclusive; `from` after `to` spans midnight.',
        },
      ),
    ),
    query: Type.Optional(
      Type.Object(
        {
          name: Type.String({ minLength: 1, maxLength: 100 }),
          value: Type.Optional(
            Type.String({ maxLength: 500, description: 'Absent: the parameter only has to be present.' }),
          ),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { title: 'RoutingConditions', additionalProperties: false, minProperties: 1 },
);

export const RoutingRule = Type.Object(
  {
    when: RuleConditions,
    url: Type.String({ minLength: 1, maxLength: 2048, description: 'Absolute http or https address.' }),
  },
  { title: 'RoutingRule', additionalProperties: false },
);
export type RoutingRule = Static<typeof RoutingRule>;

const utmValue = Type.String({ minLength: 1, maxLength: 200 });
export const Utm = Type.Object(
  {
    source: Type.Optional(utmValue),
    medium: Type.Optional(utmValue),
    campaign: Type.Optional(utmValue),
    term: Type.Optional(utmValue),
    content: Type.Optional(utmValue),
  },
  {
    title: 'UtmParameters',
    additionalProperties: false,
    minProperties: 1,
    description: 'Appended to every destination as utm_<name>, unless the destination already has that parameter.',
  },
);
export type Utm = Static<typeof Utm>;

export const MAX_RULES = 20;
