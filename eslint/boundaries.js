// The console's layers (bulletproof-react): shared code (api, components, hooks, lib, stores, i18n) ->
// features -> app. A feature never imports another feature, shared code never imports a feature or the
// app, and nothing but the app imports the app. Checked on the resolved path, so `../x` and `../../x`
// are judged by where they land, not by how they are written.
import path from 'node:path';

const SRC = `${path.sep}apps${path.sep}web${path.sep}src${path.sep}`;

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
    layers: {
      meta: {
        type: 'problem',
        schema: [],
        messages: { refused: '{{from}} -> {{to}}: {{why}} (move what both need to shared code)' },
      },
      create(context) {
        const file = context.filename;
        const from = layerOf(file);
        if (!from) return {};
        const check = (node) => {
          const source = node.source?.value;
          if (typeof source !== 'string' || !source.startsWith('.')) return;
          const to = layerOf(path.resolve(path.dirname(file), source));
          const why = to && refusal(from, to);
          if (why) context.report({ node: node.source, messageId: 'refused', data: { from, to, why } });
        };
        return {
          ImportDeclaration: check,
          ExportNamedDeclaration: check,
          ExportAllDeclaration: check,
          ImportExpression: check,
        };
      },
    },
  },
};
