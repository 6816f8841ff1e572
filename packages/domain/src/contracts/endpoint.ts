// Nothing but types from zod: the app shell imports this module, and zod stays out of its route.
import type * as z from 'zod';
import type { ErrorCode } from '../errors';
import type { StaffAccess } from '../staff';

/** Every endpoint of the portal's HTTP API sits under this path. */
export const apiBase = '/api';

/**
 * One endpoint of the portal's HTTP API, declared once (docs/decisions/0008): the server registers
 * its route and OpenAPI description from it, the web app calls it and knows its answer from it.
 * Answers are strict objects, so a field the server sends without declaring it fails the route's
 * tests instead of vanishing. Names on the wire are snake_case.
 */
export interface Endpoint<Answer extends z.ZodType = z.ZodType> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Below `apiBase`, e.g. `/councils`. */
  path: string;
  /** One line for the OpenAPI description. */
  summary: string;
  /** The path's parameters (`:name` in `path`), for an endpoint that names a thing in its path. */
  params?: z.ZodType;
  /** The query string's schema, for a GET that takes one. */
  query?: z.ZodType;
  /** The JSON body's schema, for a call that sends one. */
  body?: z.ZodType;
  /**
   * For a call that sends a file instead (a picture, a spreadsheet): its bytes as the whole body,
   * `application/octet-stream`. The server tells the kind from the bytes, never from a name.
   */
  upload?: Upload;
  /** The largest JSON body it takes, when more than the API's usual 64 KB (a batch of records). */
  bodyLimit?: number;
  /** The status of a success, when it is not 200. A 204 sends no body at all. */
  success?: 202 | 204;
  /**
   * For a call that answers a file (a PDF, a CSV, a picture) instead of JSON: the media types it
   * may come as. `answer` is then `z.unknown()`; the route's reply must set one of these types.
   */
  file?: FileAnswer;
  /**
   * It answers with an `ETag`, and 304 with no body to a call whose `If-None-Match` names the
   * current one: what the route's handler does, declared so that the API description says it.
   */
  etag?: true;
  answer: Answer;
  /** The error codes it answers with besides `validation_failed` and `internal_error`. */
  errors: readonly ErrorCode[];
}

/** What an uploading endpoint takes: the kinds a file chooser offers, and the most it may weigh. */
export interface Upload {
  /** Media types, as a file input's `accept` names them. */
  types: readonly string[];
  maxBytes: number;
}

/** What a file-answering endpoint sends: its bytes under one of these media types. */
export interface FileAnswer {
  types: readonly [string, ...string[]];
}

/** What an endpoint answers, as the caller receives it. */
export type AnswerOf<E extends Endpoint> = z.output<E['answer']>;

/** What a caller fills an endpoint's path parameters with. */
export type ParamsOf<E extends Endpoint> = E extends { params: infer P extends z.ZodType }
  ? z.input<P>
  : never;

/** What a caller sends in an endpoint's body. */
export type BodyOf<E extends Endpoint> = E extends { body: infer B extends z.ZodType }
  ? z.input<B>
  : never;

/**
 * A back-office endpoint (below `/office`): it names who may call it, and the server checks that on
 * every call before anything else, and refuses to register a back-office route that names nobody.
 */
export interface OfficeEndpoint<Answer extends z.ZodType = z.ZodType> extends Endpoint<Answer> {
  access: StaffAccess;
}
