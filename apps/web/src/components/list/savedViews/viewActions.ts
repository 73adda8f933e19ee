import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { SavedViewItem } from '@siteops/contracts/saved-view/schemas';
import { copyText } from '@/lib/clipboard';
import { message } from '@/lib/feedback';
import { viewLink } from './viewState';

/** "Project: North site" / "Agent: East": whom a view is shared with; nothing for a private one. */
export function useSharingLabel() {
  const { t } = useTranslation();
  return (view: SavedViewItem) => {
    if (view.sharing === 'project')
      return t('savedViews.sharing.projectTag', { name: view.projectName ?? view.projectId });
    if (view.sharing === 'agent') return t('savedViews.sharing.agentTag', { name: view.agentName ?? view.agentId });
    return undefined;
  };
}

/** Copy the link that opens this list as `view`, and say so (or show the link when it cannot be copied). */
export async function copyViewLink(view: SavedViewItem, filters: readonly string[], t: TFunction) {
  const link = viewLink(window.location.href, filters, view.id);
  try {
    await copyText(link);
    message().success(t('savedViews.linkCopied', { name: view.name }));
  } catch {
    message().error(t('savedViews.copyFailed', { link }));
  }
}
