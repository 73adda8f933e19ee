import { createHash } from 'node:crypto';
import type { PGlite, QueryOptions, Results } from '@electric-sql/pglite';

/**
 * Named (prepared) statements for the reads the console repeats (decision 0017, issue 16). A list page
 * asks the same SQL text with other parameters again and again; parsing and planning it every time was
 * about half of what the embedded database spent on a device list page. A SELECT whose text has been
 * seen `after` times is prepared once per connection and then only bound and executed.
 */
export interface StatementNames {
  /** The statement name to use for this text, or undefined to run it unnamed. */
  nameFor(text: string): string | undefined;
}

const SELECT = /^\s*select\b/i;

/**
 * At most `max` distinct texts are ever named per database (a text with a variable-length IN list is a
 * new text per length); the rest keep running unnamed. The name is a hash of the text, so the same text
 * gets the same name on every pooled connection and a connection never sees one name for two texts.
 */
export function statementNames({ after = 2, max = 500 } = {}): StatementNames {
  const seen = new Map<string, number>();
  const named = new Map<string, string>();
  return {
    nameFor(text) {
      const name = named.get(text);
      if (name || !SELECT.test(text)) return name;
      const count = (seen.get(text) ?? 0) + 1;
      if (count < after || named.size >= max) {
        // Counting stays bounded too: forget the counts when too many one-off texts were seen.
        if (seen.size >= 4 * max) seen.clear();
        seen.set(text, count);
        return undefined;
      }
      seen.delete(text);
      const fresh = `s_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
      named.set(text, fresh);
      return fresh;
    },
  };
}

/** What node-postgres takes as a query config (the part this hook reads and writes). */
interface PgQueryConfig {
  text?: string;
  name?: string;
}

/**
 * node-postgres prepares a query config that carries a `name` on each connection the first time it sees
 * it, and afterwards sends only Bind/Execute: so naming the config is all PostgreSQL needs.
 */
export function nameQueryConfig<A extends unknown[]>(names: StatementNames, args: A): A {
  const config = args[0] as PgQueryConfig | string;
  if (typeof config !== 'object' || config === null || config.name || !config.text) return args;
  const name = names.nameFor(config.text);
  if (!name) return args;
  const copy = [...args] as A;
  copy[0] = { ...config, name };
  return copy;
}

/** PGlite's internals this relies on, all declared in its typings (tested by statements.test.ts). */
interface PgliteInternals {
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>;
  isInTransaction(): boolean;
}

/**
 * PGlite's `query()` parses and plans every call (Parse, Describe, Bind, Describe, Execute, Sync). This
 * wraps it: a hot SELECT is parsed once under its name (parameter types kept from its Describe), then each
 * call is Bind, Describe, Execute, Sync, under the same locks `query()` takes, so it never runs inside
 * another caller's transaction. Results come back through PGlite's own parser, so they are identical.
 */
export async function withPgliteStatements(client: PGlite, names: StatementNames = statementNames()): Promise<void> {
  const { protocol, parse } = await import('@electric-sql/pglite');
  const { serialize } = protocol;
  const inner = client as unknown as PgliteInternals;
  const prepared = new Map<string, number[]>();
  const plain = client.query.bind(client);

  const run = <T>(name: string, text: string, params: unknown[], options?: QueryOptions) =>
    inner._runExclusiveTransaction(() =>
      inner._runExclusiveQuery(async () => {
        // Each step ends with Sync in the same buffer: after an error the backend skips to it, so the
        // session is ready for the next query whatever happened.
        const exec = (...parts: Uint8Array[]) =>
          client.execProtocolStream(Buffer.concat(parts), { syncToFs: false, onNotice: options?.onNotice });
        let types = prepared.get(name);
        if (!types) {
          try {
            const described = await exec(
              serialize.parse({ name, text, types: options?.paramTypes }),
              serialize.describe({ type: 'S', name }),
              serialize.sync(),
            );
            types = parse.parseDescribeStatementResults(described);
          } catch (err) {
            // Half-prepared (parsed, then refused): closed, so the next try starts clean.
            await exec(serialize.close({ type: 'S', name }), serialize.sync()).catch(() => {});
            throw err;
          }
          prepared.set(name, types);
        }
        const parameterTypes = types;
        const values = params.map((value, i) => {
          if (value === null || value === undefined) return null;
          const serializer = options?.serializers?.[parameterTypes[i]] ?? client.serializers[parameterTypes[i]];
          return serializer ? serializer(value) : String(value);
        });
        const messages = await exec(
          serialize.bind({ statement: name, values }),
          serialize.describe({ type: 'P' }),
          serialize.execute({}),
          serialize.sync(),
        );
        if (!inner.isInTransaction()) await client.syncToFs();
        return parse.parseResults(messages, client.parsers, options)[0] as Results<T>;
      }),
    );

  client.query = (<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> => {
    const name = options?.blob ? undefined : names.nameFor(text);
    return name ? run<T>(name, text, params ?? [], options) : plain<T>(text, params, options);
  }) as PGlite['query'];
}
