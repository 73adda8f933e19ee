import { inArray, or, sql, type SQL } from 'drizzle-orm';
import { notifications } from '../../db/schema/index.ts';
import { CATALOGS, type Lang } from '../../core/messages/index.ts';

const like = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Rows whose title or body reads with `keyword` in the reader's language. Texts are stored as catalog
 * keys (texts.ts), so the words of the sentence are matched against the catalog (the keys whose
 * wording holds them), and the names in it (a device, an enterprise) against the stored parameters.
 */
export function keywordWhere(keyword: string, lang: Lang): SQL {
  const needle = keyword.toLowerCase();
  const keys = Object.entries(CATALOGS[lang])
    .filter(([key, wording]) => key.startsWith('notification.') && wording.toLowerCase().includes(needle))
    .map(([key]) => key);
  const pattern = like(keyword);
  return or(
    keys.length ? inArray(sql`${notifications.title}->>'key'`, keys) : undefined,
    keys.length ? inArray(sql`${notifications.body}->>'key'`, keys) : undefined,
    sql`(${notifications.title}->'params')::text ilike ${pattern}`,
    sql`(${notifications.body}->'params')::text ilike ${pattern}`,
  )!;
}
