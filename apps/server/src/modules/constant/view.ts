import { KNOWN_CONSTANTS, type ConstantItem } from '@siteops/contracts/constant/schemas';
import type { ConstantRow } from '../../db/schema/index.ts';
import { fieldError } from '../../core/errors.ts';
import { t } from '../../core/messages/index.ts';
import { fieldText } from '../../core/messages/zod.ts';
import { constantValueProblem } from '@siteops/contracts/constant/schemas';

export function toConstantItem(row: ConstantRow): ConstantItem {
  return {
    id: row.id,
    key: row.key,
    value: row.value,
    remark: row.remark,
    description: (KNOWN_CONSTANTS as Record<string, string>)[row.key] ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    createdId: row.createdId,
    updatedId: row.updatedId,
  };
}

/** 400 naming `value` when a constant the server reads would get a value it cannot use. */
export function assertUsableValue(key: string, value: string) {
  const problem = constantValueProblem(key, value);
  if (problem) throw fieldError('value', fieldText(problem) ?? t('text.verbatim', { text: problem }));
}
