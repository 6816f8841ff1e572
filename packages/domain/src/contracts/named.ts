import * as z from 'zod';

/**
 * Gives a schema the name the API description shares it under (`#/components/schemas/<name>`),
 * instead of a copy in every operation that uses it. The same schema object is returned, so every
 * use of it is the named one. A module evaluated again (a test file, a hot reload) names its new
 * copy in place of the old.
 */
export function named<T extends z.ZodType>(name: string, schema: T): T {
  const earlier = z.globalRegistry._idmap.get(name);
  if (earlier && earlier !== schema) z.globalRegistry.remove(earlier);
  z.globalRegistry.add(schema, { ...z.globalRegistry.get(schema), id: name });
  return schema;
}
