/**
 * Response serialization compiled from the route's zod schema: at start the schema becomes a JSON
 * Schema (OpenAPI 3.0 flavour, `nullable` instead of unions with null) and fast-json-stringify
 * turns it into a function that writes exactly the declared fields — where the zod serializer
 * parsed the whole answer again on every request (a tenth of a light call). Schemas JSON Schema
 * cannot express (transforms) keep the zod serializer.
 *
 * In `check` mode (the test suites) every answer is serialized both ways and any difference is a
 * 500 naming the route, so the whole API suite proves the compiled serializers say what zod says.
 */
import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type SerializerCompiler = FastifySerializerCompiler<z.ZodType>;

/** The JSON Schema fast-json-stringify compiles, or undefined when zod's must stay. */
export function jsonSchemaOf(schema: z.ZodType): Record<string, unknown> | undefined {
  try {
    const json = z.toJSONSchema(schema, { io: 'output', target: 'openapi-3.0', unrepresentable: 'throw' });
    // A transform or pipe is only representable on its input side: leave those to zod.
    if (JSON.stringify(json).includes('"$ref"')) return undefined;
    return json as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

export function compiledSerializerCompiler(options: { check: boolean }): SerializerCompiler {
  return (route) => {
    const zod = zodSerializerCompiler(route as never);
    const json = route.schema instanceof z.ZodType ? jsonSchemaOf(route.schema) : undefined;
    if (!json) return zod;
    const compiled = fastJson(json);
    if (!options.check) return compiled;
    return (data: unknown) => {
      const expected = zod(data);
      const actual = compiled(data);
      if (!isDeepStrictEqual(JSON.parse(actual), JSON.parse(expected)))
        throw new Error(
          `serializador compilado de ${route.method} ${route.url} diverge do zod:\n${actual}\n${expected}`,
        );
      return actual;
    };
  };
}
