// ESLint rule `web/zones`: the rooms of apps/web/src and which way their imports may point.
// A feature (features/<name>/) imports its own files and the shared rooms (components/, hooks/, lib/,
// config/), never another feature or the app shell (app/), which composes the features. The shared
// rooms import neither features nor app/. Relative imports are resolved against the importing file,
// so `../../billing/api/x` from features/dashboard/ is caught like any other spelling.
import path from 'node:path';

const WEB_SRC = `${path.sep}apps${path.sep}web${path.sep}src${path.sep}`;
const SHARED_ROOMS = new Set(['components', 'hooks', 'lib', 'config']);

/** The room of a path inside apps/web/src: { room: 'features', feature: 'billing' }, { room: 'lib' }, … or null outside it. */
function roomOf(file) {
  const at = file.indexOf(WEB_SRC);
  if (at === -1) return null;
  const [room, feature] = file.slice(at + WEB_SRC.length).split(path.sep);
  return { room, feature: room === 'features' ? feature : undefined };
}

export const webZones = {
  meta: {
    type: 'problem',
    docs: {
      description:
        'Keeps web features from importing each other or the app shell, and shared web code from importing either.',
    },
    schema: [],
    messages: {
      otherFeature:
        "Web features do not import each other ('{{from}}' imports features/{{to}}): move what both need to components/, hooks/ or lib/, or compose them in app/.",
      appFromFeature:
        "A web feature does not import the app shell ('{{from}}' imports app/): app/ composes the features, not the other way round.",
      featureFromShared:
        'Shared web code ({{room}}/) imports no feature or app/: pass what it needs in, or move it into the feature.',
    },
  },
  create(context) {
    const filename = context.filename;
    const source = roomOf(filename);
    if (!source) return {};
    const check = (node) => {
      const specifier = node?.source?.type === 'Literal' ? node.source.value : null;
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const target = roomOf(path.resolve(path.dirname(filename), specifier));
      if (!target) return;
      const from = source.room === 'features' ? `features/${source.feature}` : source.room;
      if (source.room === 'features') {
        if (target.room === 'features' && target.feature !== source.feature) {
          context.report({ node: node.source, messageId: 'otherFeature', data: { from, to: target.feature } });
        } else if (target.room === 'app') {
          context.report({ node: node.source, messageId: 'appFromFeature', data: { from } });
        }
      } else if (SHARED_ROOMS.has(source.room) && (target.room === 'features' || target.room === 'app')) {
        context.report({ node: node.source, messageId: 'featureFromShared', data: { room: source.room } });
      }
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};
