/** A message tree as the JSON files hold it. */
export type MessageTree = { [key: string]: string | MessageTree };

function merge(target: MessageTree, source: MessageTree, where: string): MessageTree {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key];
    if (typeof value === 'string' || existing === undefined) {
      if (existing !== undefined) throw new Error(`i18n key ${where}${key} is defined twice`);
      target[key] = value;
    } else if (typeof existing === 'string') {
      throw new Error(`i18n key ${where}${key} is defined twice`);
    } else {
      merge(existing, value, `${where}${key}.`);
    }
  }
  return target;
}

/** One language's messages: its shared file plus each feature's file of that language. */
export function mergeMessages(base: MessageTree, features: Iterable<MessageTree>): MessageTree {
  const out = structuredClone(base);
  for (const tree of features) merge(out, tree, '');
  return out;
}
