import path from 'node:path';
import { tsImport } from 'tsx/esm/api';
import type { Plugin } from 'vite';
import type { Endpoint, EndpointRef } from '@siteops/contracts/shared/endpoint';

const API_IMPORT = /^@siteops\/contracts\/([a-z-]+)\/api$/;
const PREFIX = '\0endpoint-refs:';

/** One declaration as the browser needs it: method, path, names, query and sort fields; no schemas. */
function refOf(endpoint: Endpoint, fields: readonly (keyof EndpointRef)[]) {
  return Object.fromEntries(fields.map((field) => [field, endpoint[field]]).filter(([, v]) => v !== undefined));
}

/** The contracts are TypeScript, which the Node running Vite's config cannot import by itself. */
const importTs = <T>(file: string) => tsImport(file, import.meta.url) as Promise<T>;

/**
 * The console imports endpoint declarations (`@siteops/contracts/<module>/api`) for their types and their
 * method and path; their zod schemas are for the server. Served as they are, the schemas bring zod into
 * the first load (about 25 KB of brotli on the login page). This plugin gives the browser bundle each
 * module's declarations reduced to `EndpointRef`, computed from the real declarations at build time, so
 * nothing is written twice and TypeScript still checks calls against the full declarations.
 */
export function endpointRefs(contractsRoot: string): Plugin {
  return {
    name: 'siteops-endpoint-refs',
    enforce: 'pre',
    resolveId(source) {
      const module = API_IMPORT.exec(source)?.[1];
      return module ? PREFIX + module : undefined;
    },
    async load(id) {
      if (!id.startsWith(PREFIX)) return undefined;
      const file = path.join(contractsRoot, 'src', id.slice(PREFIX.length), 'api.ts');
      this.addWatchFile(file);
      const { ENDPOINT_REF_FIELDS } = await importTs<typeof import('@siteops/contracts/shared/endpoint')>(
        path.join(contractsRoot, 'src/shared/endpoint.ts'),
      );
      const declarations = await importTs<Record<string, Record<string, Endpoint>>>(file);
      return Object.entries(declarations)
        .filter(([name]) => name !== 'default' && name !== 'module.exports')
        .map(([name, api]) => {
          const refs = Object.fromEntries(
            Object.entries(api).map(([op, endpoint]) => [op, refOf(endpoint, ENDPOINT_REF_FIELDS)]),
          );
          return `export const ${name} = ${JSON.stringify(refs)};`;
        })
        .join('\n');
    },
  };
}
