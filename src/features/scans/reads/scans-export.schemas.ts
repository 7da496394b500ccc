import { Type, type Static } from 'typebox';

const When = (description: string) =>
  Type.Union([Type.String({ format: 'date-time' }), Type.String({ format: 'date' })], { description });
const IncludeBots = Type.Boolean({
  default: true,
  description: 'Raw scans include bots (flagged in is_bot) unless false.',
});

export const CodeExportQuery = Type.Object(
  {
    from: Type.Optional(
      When('Inclusive start (date-time, or a date meaning its UTC midnight). Default: the oldest retained scan.'),
    ),
    to: Type.Optional(When('Exclusive end (a date means the end of that UTC day). Default: no end.')),
    include_bots: IncludeBots,
  },
  { additionalProperties: false },
);
export type CodeExportQuery = Static<typeof CodeExportQuery>;

export const WorkspaceExportQuery = Type.Object(
  {
    from: When('Inclusive start (date-time, or a date meaning its UTC midnight). Required.'),
    to: When('Exclusive end (a date means the end of that UTC day). Required; at most 2 years after from.'),
    include_bots: IncludeBots,
  },
  { additionalProperties: false },
);
export type WorkspaceExportQuery = Static<typeof WorkspaceExportQuery>;

export const ScansCsv = {
  description:
    'RFC 4180 CSV (UTF-8, CRLF, header row), streamed: id, code_id, scanned_at, country, region, city, device, os, browser, referrer, language, destination, is_bot, ip_hash. See docs/codes.md.',
  content: {
    'text/csv': {
      schema: Type.String({
        examples: [
          'id,code_id,scanned_at,country,region,city,device,os,browser,referrer,language,destination,is_bot,ip_hash\r\n',
        ],
      }),
    },
  },
};
