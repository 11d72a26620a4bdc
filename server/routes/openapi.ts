// GET /api/openapi.json: the OpenAPI 3.1 document of the routes an API token can call, generated
// from the routes themselves (ADR 0029): hono-openapi walks the app's routes and takes each
// described route's `describe(…)` (server/routes/describe.ts) and the zod schema its validate /
// validateQuery checks with. Nothing about a route is written here; a route without `describe` is left
// out. tests/integration/openapi.test.ts validates the document with a real validator.
import type { Hono } from 'hono'
import { generateSpecs } from 'hono-openapi'
import { TOKEN_PREFIX } from '../../common/schemas/tokens.ts'
import { jsonSchema, sharedSchemas, TAGS } from './describe.ts'

type Operation = { tags?: string[]; parameters?: { in: string; name: string }[] }
type Document = Record<string, unknown> & { paths: Record<string, Record<string, Operation>> }

/** Hono's `:name` is OpenAPI's `{name}`; `:name{….ext}` (a parameter holding its suffix) is `{name}.ext`. */
export const openApiPath = (path: string) =>
  path.replace(/:(\w+)\{[^}]*\\\.(\w+)\}/g, '{$1}.$2').replace(/:(\w+)(\{[^}]*\})?/g, '{$1}')

/** The document of `app` (its routes as mounted); `version` is the API's. */
export async function openApiDocument(app: Hono<never>, version: string): Promise<Document> {
  // The paths in OpenAPI's form before hono-openapi reads them: it would cut a suffix off a parameter.
  const routes = app.routes.map((r) => ({ ...r, path: openApiPath(r.path) }))
  const doc = (await generateSpecs({ routes } as unknown as Hono, {
    documentation: {
      info: {
        title: 'Iconvault API',
        version,
        description:
          'The routes an API token can call (Account → Tokens). Send `Authorization: Bearer <token>`; a read token may only GET. Errors are `{ error, code }`: decide by the code.',
      },
      servers: [{ url: '/' }],
      security: [{ bearerToken: [] }],
      tags: TAGS.map((name) => ({ name })),
      components: {
        schemas: { Error: jsonSchema(sharedSchemas.Error), Data: jsonSchema(sharedSchemas.Data) },
        securitySchemes: {
          bearerToken: {
            type: 'http',
            scheme: 'bearer',
            description: `A personal API token (${TOKEN_PREFIX}…), created in Account → Tokens.`,
          },
        },
      },
    },
    // `{prefix}.json` is a path, not a static file; a validation error is one of the route's own codes.
    excludeStaticFile: false,
    defaultValidationErrorResponse: false,
  })) as unknown as Document
  const paths: Document['paths'] = {}
  for (const [path, ops] of Object.entries(doc.paths)) {
    const names = new Set([...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]))
    for (const [method, op] of Object.entries(ops)) {
      // Only described routes (a validator alone registers a route too).
      if (!op.tags?.length) continue
      // hono-openapi adds a parameter for every `{…}` segment, `{prefix}.json` read as one named `prefix}.jso`.
      if (op.parameters) op.parameters = op.parameters.filter((p) => p.in !== 'path' || names.has(p.name))
      paths[path] = { ...paths[path], [method]: op }
    }
  }
  return { ...doc, paths }
}
