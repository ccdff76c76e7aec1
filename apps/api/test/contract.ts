/**
 * The contract check of the API tests: every answer `app.inject` gets from an app of
 * createTestApp is held to the OpenAPI document that app serves, which is its route schemas
 * plus what plugins/docs.ts adds. The status must be declared for the operation, the media
 * type for the status, and the body must be valid against its schema, with Ajv's JSON Schema
 * 2020-12 (OpenAPI 3.1's dialect). Bodies PostgreSQL writes as text are checked like the
 * rest. A mismatch fails the request, and so the test that made it.
 */
import zlib from 'node:zlib';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

// ajv-formats is CommonJS; its default export arrives wrapped under Node's ESM loader.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as typeof addFormatsModule;

interface Response {
  $ref?: string;
  content?: Record<string, { schema?: unknown }>;
}
interface Operation {
  responses: Record<string, Response>;
}
export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { responses?: Record<string, Response> };
}

/** One answer, as the server sent it. */
export interface Answer {
  method: string;
  /** The request's URL (path and query). */
  url: string;
  status: number;
  contentType: string | undefined;
  body: string;
}

const DOCUMENT_ID = 'openapi.json';
const PROBLEM_MEDIA_TYPE = 'application/problem+json';
/** What any request may get where no operation is documented (see COMMON_RESPONSES in docs.ts). */
const ANY_REQUEST = ['405', '408', '429', '431', '500', '503'];

const pointer = (...parts: string[]) => parts.map((p) => p.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');

export class Contract {
  private readonly ajv = new Ajv2020({ allErrors: true, strict: false, validateSchema: false });
  private readonly validators = new Map<string, ValidateFunction>();
  /** The document's paths as patterns, those with fewer parameters first: `/Alerts/stream` before `/Alerts/{id}`. */
  private readonly paths: Array<{ path: string; pattern: RegExp }>;

  constructor(private readonly document: OpenApiDocument) {
    if (!document.openapi.startsWith('3.1.')) throw new Error(`Expected an OpenAPI 3.1 document, got ${document.openapi}`);
    addFormats(this.ajv);
    // Added whole, so that every "$ref": "#/components/…" resolves within it.
    this.ajv.addSchema(document as object, DOCUMENT_ID);
    const parameters = (path: string) => path.split('{').length;
    // Then the longer first: `/Alerts/tiles/{z}/{x}/{y}.mvt` before `/Alerts/tiles/{z}/{x}/{y}`.
    this.paths = Object.keys(document.paths)
      .sort((a, b) => parameters(a) - parameters(b) || b.length - a.length)
      .map((path) => ({
        path,
        pattern: new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '[^/]+')}$`),
      }));
  }

  /** What is wrong with this answer; empty when it keeps to the document. */
  check(answer: Answer): string[] {
    const requested = answer.url.split('?', 1)[0]!;
    const path = this.paths.find(({ pattern }) => pattern.test(requested))?.path;
    const operations = path === undefined ? undefined : this.document.paths[path];
    if (path === undefined || !operations) {
      // Not the documented API (the web app, the docs, no route at all): errors are problems all the same.
      return answer.status >= 400 ? this.checkProblem(answer) : [];
    }
    // A HEAD is answered as its GET, without the body.
    const method = answer.method === 'HEAD' ? 'get' : answer.method.toLowerCase();
    const operation = operations[method];
    if (!operation) {
      if (answer.method === 'OPTIONS') return []; // CORS preflight, answered by @fastify/cors
      if (!ANY_REQUEST.includes(String(answer.status))) {
        return [`${answer.status}: the document has no ${answer.method} ${path}, so only ${ANY_REQUEST.join(', ')} are expected`];
      }
      return this.checkProblem(answer);
    }
    const status = String(answer.status);
    const declared = operation.responses[status] ?? operation.responses[`${status[0]}XX`] ?? operation.responses.default;
    if (!declared) return [`${status} is not declared for ${method.toUpperCase()} ${path}`];
    const { response, at } = this.resolve(declared, ['paths', path, method, 'responses', status]);
    if (!response.content) {
      return answer.body ? [`${status} of ${method.toUpperCase()} ${path} is declared without a body, but one came`] : [];
    }
    const mediaType = answer.contentType?.split(';', 1)[0]!.trim().toLowerCase();
    if (mediaType === undefined || !(mediaType in response.content)) {
      return [`${status} of ${method.toUpperCase()} ${path} came as ${answer.contentType}; declared: ${Object.keys(response.content).join(', ')}`];
    }
    if (answer.method === 'HEAD') return [];
    return this.validate([...at, 'content', mediaType, 'schema'], mediaType, answer.body);
  }

  private checkProblem(answer: Answer): string[] {
    const mediaType = answer.contentType?.split(';', 1)[0]!.trim().toLowerCase();
    if (mediaType !== PROBLEM_MEDIA_TYPE) return [`${answer.status} came as ${answer.contentType}, not ${PROBLEM_MEDIA_TYPE}`];
    if (answer.method === 'HEAD') return [];
    return this.validate(['components', 'schemas', 'Problem'], mediaType, answer.body);
  }

  /** Follows a `$ref` to components.responses. */
  private resolve(response: Response, at: string[]): { response: Response; at: string[] } {
    const name = response.$ref?.match(/^#\/components\/responses\/(.+)$/)?.[1];
    if (response.$ref === undefined) return { response, at };
    const target = name === undefined ? undefined : this.document.components.responses?.[name];
    if (!target) throw new Error(`Unresolved ${response.$ref}`);
    return { response: target, at: ['components', 'responses', name!] };
  }

  private validate(at: string[], mediaType: string, body: string): string[] {
    const ref = `${DOCUMENT_ID}#/${pointer(...at)}`;
    let validate = this.validators.get(ref);
    if (!validate) {
      validate = this.ajv.getSchema(ref);
      if (!validate) throw new Error(`No schema at ${ref}`);
      this.validators.set(ref, validate);
    }
    let value: unknown = body;
    if (/[/+]json$/.test(mediaType)) {
      try {
        value = JSON.parse(body);
      } catch {
        return [`the ${mediaType} body is not JSON: ${body.slice(0, 200)}`];
      }
    }
    if (validate(value)) return [];
    return [
      `the body does not match #/${pointer(...at)}: ${this.ajv.errorsText(validate.errors, { dataVar: 'body' })}`,
      `body: ${body.slice(0, 500)}`,
    ];
  }
}

/** A body as its client reads it: a compressed one (a test asked for br or gzip) decompressed. */
function decoded(raw: Buffer, encoding: unknown): string {
  const body = encoding === 'br' ? zlib.brotliDecompressSync(raw) : encoding === 'gzip' ? zlib.gunzipSync(raw) : raw;
  return body.toString('utf8');
}

/** An answer that disagrees with the OpenAPI document. */
export class ContractError extends Error {}

/**
 * Checks every answer `app.inject(options)` gets against the document the app serves, and
 * rejects with a ContractError when one disagrees. (A hook cannot do it: the app is started
 * by the time buildApp returns it.)
 */
export function holdToContract(app: FastifyInstance): void {
  const inject = app.inject.bind(app);
  let contract: Contract | undefined;
  const checked = async (options: InjectOptions | string) => {
    const response = await inject(options);
    contract ??= new Contract(app.swagger() as unknown as OpenApiDocument);
    const { method = 'GET', url = '/' } = response.raw.req;
    const contentType = response.headers['content-type'];
    const found = contract.check({
      method,
      url,
      status: response.statusCode,
      contentType: typeof contentType === 'string' ? contentType : undefined,
      body: decoded(response.rawPayload, response.headers['content-encoding']),
    });
    if (found.length > 0) {
      throw new ContractError([`${method} ${url} → ${response.statusCode} disagrees with the OpenAPI document:`, ...found].join('\n  '));
    }
    return response;
  };
  // The chained form (no options) and the callback form are passed through unchecked.
  app.inject = ((options?: InjectOptions | string, callback?: never) =>
    options === undefined || callback !== undefined ? inject(options as never, callback as never) : checked(options)) as typeof app.inject;
}
