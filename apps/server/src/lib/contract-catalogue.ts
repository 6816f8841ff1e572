import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { apiBase, type Endpoint, type OfficeEndpoint } from '@portal/domain/contracts/endpoint';

/** An endpoint of the contracts, with the names the API description gives it. */
export interface CataloguedEndpoint {
  endpoint: Endpoint | OfficeEndpoint;
  /** From the contract object and key: `searchApi.find` is `searchFind`. */
  operationId: string;
  /** The contract's file, which is its feature's name: `my-accounts`. */
  feature: string;
}

const contractsFolder = fileURLToPath(
  new URL('../../../../packages/domain/src/contracts/', import.meta.url),
);

function isEndpoint(value: unknown): value is Endpoint {
  return (
    typeof value === 'object' &&
    value !== null &&
    'method' in value &&
    'path' in value &&
    'answer' in value &&
    'errors' in value
  );
}

/**
 * Every endpoint of every contract module, by `METHOD /api/path` as its route is registered. Read
 * from the contracts folder, so that an endpoint added in a new contract file is named without a
 * list to keep.
 */
export async function contractCatalogue(): Promise<Map<string, CataloguedEndpoint>> {
  const catalogue = new Map<string, CataloguedEndpoint>();
  const operationIds = new Set<string>();
  const files = readdirSync(contractsFolder)
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .sort();
  for (const file of files) {
    const feature = file.replace(/\.ts$/, '');
    const contract = (await import(`@portal/domain/contracts/${feature}`)) as Record<
      string,
      unknown
    >;
    for (const [exportName, group] of Object.entries(contract)) {
      if (typeof group !== 'object' || group === null) continue;
      for (const [key, endpoint] of Object.entries(group)) {
        if (!isEndpoint(endpoint)) continue;
        const operationId = `${exportName.replace(/Api$/, '')}${key[0]?.toUpperCase()}${key.slice(1)}`;
        const route = routeKey(endpoint.method, `${apiBase}${endpoint.path}`);
        if (operationIds.has(operationId) || catalogue.has(route)) {
          throw new Error(`${file}: ${operationId} (${route}) is declared twice`);
        }
        operationIds.add(operationId);
        catalogue.set(route, { endpoint, operationId, feature });
      }
    }
  }
  return catalogue;
}

/** The catalogue's key of a route: `POST /api/search`. */
export function routeKey(method: string, url: string): string {
  return `${method.toUpperCase()} ${url}`;
}
