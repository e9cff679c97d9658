import type { FastifySerializerCompiler } from 'fastify/types/schema';

/**
 * A route option that writes the handler's answer with JSON.stringify, skipping the contract schema's parse
 * of every response (fastify-type-provider-zod's serializer parses, copies, then stringifies). Only for hot
 * reads whose answer a typed mapper builds field by field as the contract's TypeScript type — the type
 * checker has already seen the shape — and whose tests parse real answers with the contract's schema. The
 * schema still documents the route (OpenAPI). The inbox page: about a tenth of the server's CPU per request
 * (docs/decisions/0023-inbox-speed.md).
 */
export const typedJsonResponse: { serializerCompiler: FastifySerializerCompiler<unknown> } = {
  serializerCompiler: () => (data) => JSON.stringify(data),
};
