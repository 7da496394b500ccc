// The create and update bodies of a code as one variant per code type, so `{ type: 'url' }`
// without a URL does not compile and `content` completes the fields of its type. The OpenAPI
// document types `content` as an open object; its per-type fields come from sdk/src/content.ts,
// generated from the schemas the service validates `content` with (docs/decisions.md D33).
import type { operations } from './schema.js';
import type { ContentByType } from './content.js';

type Json<Op extends 'createCode' | 'updateCode'> = operations[Op]['requestBody']['content']['application/json'];
/** Spelled out, so an editor shows the fields instead of an intersection. */
type Flat<T> = { [K in keyof T]: T[K] } & {};

/** Every code type: `url`, `text`, `email`, `phone`, `sms`, `wifi`, `vcard`, `geo`, `links`, `pdf`, `app`, `menu`, `coupon`, `event`, `social`. */
export type CodeType = Json<'createCode'>['type'];
/** The types whose payload is `content` (every type but url). */
export type ContentCodeType = Exclude<CodeType, 'url'>;
/** The `content` of a code of type `T`, e.g. `CodeContent<'vcard'>`. */
export type CodeContent<T extends ContentCodeType> = ContentByType[T];

type CreateFields = Omit<Json<'createCode'>, 'type' | 'url' | 'content'>;
type UpdateFields = Omit<Json<'updateCode'>, 'url' | 'content'>;

/** A url code: its destination is `url`. */
export type UrlCodeCreate = Flat<CreateFields & { type: 'url'; url: string; content?: never }>;
/** A code of a content type: its payload is `content`, with that type's fields. */
export type ContentCodeCreate<T extends ContentCodeType> = Flat<
  CreateFields & { type: T; content: CodeContent<T>; url?: never }
>;
/** The body of `codes.create`: one variant per code type, told apart by `type`. */
export type CodeCreate = UrlCodeCreate | { [T in ContentCodeType]: ContentCodeCreate<T> }[ContentCodeType];

/**
 * The body of `codes.update`. `type` is the code's type and is not sent: it only picks which
 * fields `content` has. Without it, everything but `content` can change.
 */
export type CodeUpdate =
  | Flat<UpdateFields & { type?: undefined; url?: string; content?: never }>
  | Flat<UpdateFields & { type: 'url'; url?: string; content?: never }>
  | {
      [T in ContentCodeType]: Flat<UpdateFields & { type: T; content?: CodeContent<T>; url?: never }>;
    }[ContentCodeType];

// Every code type the API accepts has its generated content type, and nothing else does.
type Exactly<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const contentTypesComplete: Exactly<ContentCodeType, keyof ContentByType> = true;
void contentTypesComplete;
