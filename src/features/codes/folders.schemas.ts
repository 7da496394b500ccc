import { Type, type Static } from 'typebox';
import { Count } from '../../http/numbers.js';
import { PageQuery } from '../../http/pagination.js';
import { Utm } from './routing.schemas.js';

const Name = Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' });
const Day = Type.String({ format: 'date', description: 'A day, YYYY-MM-DD.' });
const nullable = <T extends ReturnType<typeof Type.String> | typeof Utm>(t: T) => Type.Union([t, Type.Null()]);

export const Folder = Type.Object(
  {
    id: Type.String({ examples: ['fld_01JD3Y2K8Q9XW4T5N6M7P8R9S0'] }),
    workspace_id: Type.String(),
    parent_id: Type.Union([Type.String(), Type.Null()], {
      description: 'The top-level folder it sits in; null at the top. Folders nest one level.',
    }),
    name: Type.String(),
    kind: Type.Enum(['folder', 'campaign'], {
      description: 'A campaign is a folder with a date range and UTM defaults that new codes in it inherit.',
    }),
    starts_on: Type.Union([Type.String(), Type.Null()]),
    ends_on: Type.Union([Type.String(), Type.Null()]),
    utm: Type.Union([Utm, Type.Null()], {
      description: 'UTM parameters a code created in it gets when it sets none of its own.',
    }),
    code_count: Count({ description: 'Live codes directly in it.' }),
    created_at: Type.String(),
    updated_at: Type.String(),
  },
  { title: 'Folder' },
);
export type Folder = Static<typeof Folder>;

export const FolderCreate = Type.Object(
  {
    name: Name,
    parent_id: Type.Optional(nullable(Type.String({ maxLength: 100 }))),
    kind: Type.Optional(Type.Enum(['folder', 'campaign'], { default: 'folder' })),
    starts_on: Type.Optional(nullable(Day)),
    ends_on: Type.Optional(nullable(Day)),
    utm: Type.Optional(nullable(Utm)),
  },
  { additionalProperties: false, title: 'FolderCreate' },
);
export type FolderCreate = Static<typeof FolderCreate>;

export const FolderUpdate = Type.Object(
  {
    name: Type.Optional(Name),
    parent_id: Type.Optional(nullable(Type.String({ maxLength: 100 }))),
    kind: Type.Optional(Type.Enum(['folder', 'campaign'])),
    starts_on: Type.Optional(nullable(Day)),
    ends_on: Type.Optional(nullable(Day)),
    utm: Type.Optional(nullable(Utm)),
  },
  { additionalProperties: false, title: 'FolderUpdate' },
);
export type FolderUpdate = Static<typeof FolderUpdate>;

export const FolderParams = Type.Object({ id: Type.String({ maxLength: 100 }) });

export const FolderListQuery = Type.Object(
  {
    ...PageQuery,
    parent_id: Type.Optional(
      Type.String({ maxLength: 100, description: "A folder's id: its subfolders; `none`: the top-level folders." }),
    ),
  },
  { additionalProperties: false },
);
export type FolderListQuery = Static<typeof FolderListQuery>;

export const CodeMove = Type.Object(
  {
    code_ids: Type.Array(Type.String({ maxLength: 100 }), { minItems: 1, maxItems: 100, uniqueItems: true }),
    folder_id: Type.Union([Type.String({ maxLength: 100 }), Type.Null()], { description: 'null: out of any folder.' }),
  },
  { additionalProperties: false, title: 'CodeMove' },
);
export type CodeMove = Static<typeof CodeMove>;
