import { createHash } from "node:crypto";

// A document's parts by the SHA-256 of their JSON: each operation (`GET /orders`), each component
// schema, each webhook, and the rest as one. Kept as a snapshot beside a test, so that a change of
// how the documents are made (not of what they say) shows, part by part, that nothing moved; and a
// change of what they say names the parts it changed.

type Json = Record<string, unknown>;

const hash = (value: unknown) => createHash("sha256").update(JSON.stringify(value)).digest("hex").slice(0, 16);

export function fingerprint(document: Json): Record<string, string> {
  const {
    paths = {},
    webhooks = {},
    components = {},
    ...rest
  } = document as {
    paths?: Record<string, Record<string, unknown>>;
    webhooks?: Record<string, unknown>;
    components?: { schemas?: Record<string, unknown> } & Json;
  };
  const { schemas = {}, ...otherComponents } = components;
  const parts: [string, unknown][] = [
    ...Object.entries(paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]): [string, unknown] => [`${method.toUpperCase()} ${path}`, operation]),
    ),
    ...Object.entries(webhooks).map(([name, webhook]): [string, unknown] => [`webhook ${name}`, webhook]),
    ...Object.entries(schemas).map(([name, schema]): [string, unknown] => [`schema ${name}`, schema]),
    ["the rest", { ...rest, components: otherComponents }],
  ];
  return Object.fromEntries(parts.map(([name, part]) => [name, hash(part)]).sort(([a], [b]) => (a! < b! ? -1 : 1)));
}
