import type { TFunction } from 'i18next';
import type { ProjectInUse } from '@siteops/contracts/project/schemas';
import { ApiError } from '@/api/envelope';

/**
 * The refusal of deleting a project that still has people or devices, in the user's language, from the
 * counts the server's 409 carries; null for any other failure (the client already toasted it).
 */
export function projectInUseMessage(error: unknown, t: TFunction): { title: string; content: string } | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const data = error.data as Partial<ProjectInUse> | null;
  if (!data?.counts) return null;
  const what = (['managers', 'members', 'devices'] as const)
    .filter((k) => (data.counts?.[k] ?? 0) > 0)
    .map((k) => t(`projects.inUse.${k}`, { count: data.counts?.[k] }))
    .join(t('projects.inUse.separator'));
  return { title: t('projects.inUse.title'), content: t('projects.inUse.content', { name: data.name, what }) };
}
