// The console's layers (bulletproof-react): shared code (api, components, hooks, lib, stores, i18n) ->
// features -> app. A feature never imports another feature, shared code never imports a feature or the
// app, and nothing but the app imports the app. Checked on the resolved path, so `./x` and `@/x` (src/x)
// are judged by where they land, not by how they are written.
import path from 'node:path';

const SRC = `${path.sep}apps${path.sep}web${path.sep}src${path.sep}`;

/**
 * A rule that judges every import (static, re-export, dynamic) of a file: `placeOf(file)` says where a
 * file stands (undefined: the rule does not apply), `resolve(file, source)` where an import lands
 * (undefined: a package), and `refuse(file, from, to)` why that import is refused, if it is.
 */
function importRule({ message, placeOf, resolve, refuse, name = (place) => place }) {
  return {
    meta: { type: 'problem', schema: [], messages: { refused: message } },
    create(context) {
      const file = context.filename;
      const from = placeOf(file);
      if (!from) return {};
      const check = (node) => {
        const source = node.source?.value;
        if (typeof source !== 'string') return;
        const target = resolve(file, source);
        const to = target && placeOf(target);
        const why = to && refuse(file, from, to);
        if (why)
          context.report({ node: node.source, messageId: 'refused', data: { from: name(from), to: name(to), why } });
      };
      return {
        ImportDeclaration: check,
        ExportNamedDeclaration: check,
        ExportAllDeclaration: check,
        ImportExpression: check,
      };
    },
  };
}

/** Where a relative import lands; packages are not judged. */
const relative = (file, source) => (source.startsWith('.') ? path.resolve(path.dirname(file), source) : undefined);

/** `features/<name>`, `app`, `entry` or `shared` for a file under apps/web/src; undefined elsewhere. */
function layerOf(file) {
  const at = file.indexOf(SRC);
  if (at < 0) return undefined;
  const parts = file.slice(at + SRC.length).split(path.sep);
  const [top, name] = parts;
  // main.tsx and its like: the entry puts the app together.
  if (parts.length === 1) return 'entry';
  if (top === 'features') return `features/${name}`;
  if (top === 'app') return 'app';
  return 'shared';
}

function refusal(from, to) {
  if (from === to) return undefined;
  if (to === 'app' && from !== 'entry') return 'only the app imports from app/';
  if (to.startsWith('features/') && from.startsWith('features/')) return 'a feature does not import another feature';
  if (to.startsWith('features/') && from === 'shared') return 'shared code does not import a feature';
  return undefined;
}

export const boundaries = {
  rules: {
    layers: importRule({
      message: '{{from}} -> {{to}}: {{why}} (move what both need to shared code)',
      placeOf: layerOf,
      resolve: (file, source) =>
        source.startsWith('@/')
          ? path.join(file.slice(0, file.indexOf(SRC) + SRC.length), source.slice(2))
          : relative(file, source),
      refuse: (_file, from, to) => refusal(from, to),
    }),
  },
};

// The server's modules (apps/server/src/modules/<name>) reach each other, and the layers below them reach a
// module, only through a module's ports: the few files written to be used from outside, each for a reason
// named here. Everything else in a module is its own business and may change without looking elsewhere.
// app.ts is the composition root (it registers every module's routes and jobs); tests and test kits
// assemble fixtures and may reach anywhere.
const SERVER = `${path.sep}apps${path.sep}server${path.sep}src${path.sep}`;

/** `<module>/<file>` → why other code may import it. */
export const SERVER_PORTS = {
  'audit/record.ts': 'every mutation records its audit entry',
  'user/service.ts': 'a user as others show it (name, masked fields)',
  'constant/service.ts': 'the site constants every module reads',
  'platform/service.ts': 'authorised platforms, for the dashboards',
  'notification/texts.ts': 'notification titles in both languages',
  'device/signingKey.ts': 'the device-link signs with the registry’s key',
  'device/sheet.ts': 'the device columns that imports and exports share',
  'device/export.ts': 'device rows as a spreadsheet, for the type pages',
  'visitor/personnel.ts': 'membership, user and device changes mark who the face terminals hold',
  'visitor/selfRegLimit.ts': 'the public self-registration throttle, shared by the workers’ registration',
  'visitor/selfRegLink.ts': 'a project’s self-registration link (by table), shared by the workers’ registration',
  'alarm-escalation/send/deliver.ts': 'an alarm rule’s linked webhook posts through an escalation channel',
};

function serverPlaceOf(file) {
  const at = file.indexOf(SERVER);
  if (at < 0) return undefined;
  const rel = file.slice(at + SERVER.length).split(path.sep);
  if (rel[0] === 'modules' && rel.length > 2) return { module: rel[1], port: rel.slice(1).join('/') };
  return { top: rel.join('/') };
}

const isTestFile = (file) => /\.test\.ts$|[tT]estkit\.ts$|[\\/]test[\\/]/.test(file);

function serverRefusal(fromFile, from, to) {
  if (isTestFile(fromFile)) return undefined;
  if ((to.top === 'app.ts' && from.top !== 'main.ts') || to.top === 'main.ts')
    return 'only main.ts puts the app together';
  // The composition root (app.ts and app/) puts the modules together: it may reach any of their files.
  if (!to.module || from.module === to.module || from.top === 'app.ts' || from.top?.startsWith('app/'))
    return undefined;
  if (SERVER_PORTS[to.port]) return undefined;
  return `${to.port} is not a port of module ${to.module} (eslint/boundaries.js SERVER_PORTS)`;
}

boundaries.rules.modules = importRule({
  message: '{{from}} -> {{to}}: {{why}}',
  placeOf: serverPlaceOf,
  resolve: relative,
  refuse: serverRefusal,
  name: (place) => place.port ?? place.top,
});

// The server's layers, bottom first (docs/architecture.md). A file imports its own folder and the
// layers below its own; nothing imports upwards, and folders on one floor do not import each other, so
// each floor can be read knowing only the floors beneath it.
export const SERVER_LAYERS = [
  ['core'], // errors, the message catalog, list and SQL helpers: imports nothing of ours
  ['config.ts'], // the environment, parsed once
  ['db', 'storage', 'mail', 'xlsx'], // the database, files, mail and spreadsheets
  ['crypto', 'bus'], // keys (checked against the database) and the bus between instances
  ['auth'], // sessions, scope, the login throttle, tickets
  ['gateway'], // the device link's engine: links, presence, RPC, the transports
  ['live'], // the browsers' live channel: topics, scope, batching
  ['ports'], // what a module is given: the module context and its ports
  ['http'], // the endpoint kit, envelope, guard, health
  ['modules'], // the behaviour; modules reach each other through their ports (rule `modules`)
  ['app', 'demo', 'seed.ts', 'admin'], // the composition root (app.ts and app/), what it seeds, the machine-side tasks
  ['main.ts', 'admin.ts'], // the processes: the server, and the operator's command line
];

/** Upward imports that are allowed, `<from folder> -> <to folder>`, each with why. None today. */
export const SERVER_LAYER_EXCEPTIONS = {};

const floorOf = (top) => SERVER_LAYERS.findIndex((floor) => floor.includes(top));

/** The folder (or root file) of a file under apps/server/src: `modules` for every module. */
function serverTopOf(file) {
  const at = file.indexOf(SERVER);
  if (at < 0) return undefined;
  const top = file.slice(at + SERVER.length).split(path.sep)[0];
  return top === 'app.ts' ? 'app' : top;
}

function layerRefusal(fromFile, from, to) {
  if (isTestFile(fromFile) || from === to) return undefined;
  const a = floorOf(from);
  const b = floorOf(to);
  if (a < 0) return `${from} is on no floor of SERVER_LAYERS (eslint/boundaries.js): place it`;
  if (b < 0) return `${to} is on no floor of SERVER_LAYERS (eslint/boundaries.js): place it`;
  if (SERVER_LAYER_EXCEPTIONS[`${from} -> ${to}`]) return undefined;
  if (b > a) return 'a lower layer does not import a higher one (move what both need down)';
  if (b === a) return 'folders on one floor do not import each other (move what both need down)';
  return undefined;
}

boundaries.rules['server-layers'] = importRule({
  message: '{{from}} -> {{to}}: {{why}}',
  placeOf: serverTopOf,
  resolve: relative,
  refuse: layerRefusal,
});
