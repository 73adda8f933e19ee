import './messages';
import { lazy, Suspense, useEffect, useEffectEvent, useState } from 'react';
import { Button, Spin, type MenuProps } from 'antd';
import { BookOutlined, CheckOutlined, LinkOutlined, SaveOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { SavedViewItem } from '@siteops/contracts/saved-view/schemas';
import { LazyDropdown } from '@/components/intent/LazyDropdown';
import type { Density } from '@/components/table/tableKit';
import { message } from '@/lib/feedback';
import { useSavedViews } from './api/listSavedViews';
import { copyViewLink, useSharingLabel } from './viewActions';
import {
  applyViewQuery,
  densityOf,
  hiddenOf,
  requestedView,
  showsView,
  VIEW_PARAM,
  type ListViewSource,
  type TableLook,
} from './viewState';

// The dialogs load when first opened: every list draws the menu, few lists save a view.
const SaveViewModal = lazy(() => import('./SaveViewModal').then((m) => ({ default: m.SaveViewModal })));
const ManageViewsModal = lazy(() => import('./ManageViewsModal').then((m) => ({ default: m.ManageViewsModal })));

export interface SavedViewsMenuProps {
  tableId: string;
  source: ListViewSource;
  look: TableLook;
  /** Show the view's columns and density in the table. */
  onApplyLook: (look: { hidden: string[]; density?: Density }) => void;
}

type Dialog = { kind: 'save' } | { kind: 'edit'; view: SavedViewItem } | { kind: 'manage' };

/**
 * The list toolbar's "Views" menu (issue 33): apply a saved view (its filters, sort and page size into
 * the address, its columns and density into the table), save the list as it is shown, copy the link of
 * the view shown, manage one's views. The view shown now is marked. A link `?view=<id>` opens the list
 * as that view once the views are read, or says it is not there and shows the list as it is.
 */
export function SavedViewsMenu({ tableId, source, look, onApplyLook }: SavedViewsMenuProps) {
  const { t } = useTranslation();
  const sharingLabel = useSharingLabel();
  const requested = source.active ? requestedView(source.params) : undefined;
  const [opened, setOpened] = useState(false);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const views = useSavedViews({ tableId }, { enabled: opened || requested !== undefined });
  const list = views.data ?? [];
  const current = list.find((v) => showsView(source, look, v.state));

  const apply = (view: SavedViewItem, replace = false) => {
    source.setParams(applyViewQuery(source.params, view.state, source.filters, source.defaultPageSize), { replace });
    onApplyLook({ hidden: hiddenOf(view.state, look.columns), density: densityOf(view.state) });
    message().success(t('savedViews.applied', { name: view.name }));
  };

  // The link's view, once the views are read (or could not be: the client has said why).
  const openRequested = useEffectEvent(() => {
    const view = list.find((v) => v.id === requested);
    if (view) return apply(view, true);
    if (views.isSuccess) message().warning(t('savedViews.unavailable'));
    const next = new URLSearchParams(source.params);
    next.delete(VIEW_PARAM);
    source.setParams(next, { replace: true });
  });
  const settled = views.isSuccess || views.isError;
  useEffect(() => {
    if (requested !== undefined && settled) openRequested();
  }, [requested, settled]);

  // The view shown now has its check mark and says so in words; the others keep the mark's room.
  const viewItem = (view: SavedViewItem) => ({
    key: `view:${view.id}`,
    icon: <CheckOutlined aria-hidden style={{ visibility: view === current ? 'visible' : 'hidden' }} />,
    label: view.name,
    extra: [
      view === current && t('savedViews.active'),
      view.mine ? sharingLabel(view) : t('savedViews.sharedBy', { owner: view.ownerName ?? '' }),
    ]
      .filter(Boolean)
      .join(' · '),
  });
  const mine = list.filter((v) => v.mine);
  const shared = list.filter((v) => !v.mine);
  const listed: MenuProps['items'] = views.isPending
    ? [{ key: 'loading', disabled: true, label: <Spin size="small" />, extra: t('savedViews.loading') }]
    : views.isError
      ? [{ key: 'failed', disabled: true, label: t('savedViews.failed') }]
      : list.length === 0
        ? [{ key: 'empty', disabled: true, label: t('savedViews.empty') }]
        : [
            ...(mine.length
              ? [{ type: 'group' as const, key: 'mine', label: t('savedViews.mine'), children: mine.map(viewItem) }]
              : []),
            ...(shared.length
              ? [
                  {
                    type: 'group' as const,
                    key: 'shared',
                    label: t('savedViews.shared'),
                    children: shared.map(viewItem),
                  },
                ]
              : []),
          ];
  const items: MenuProps['items'] = [
    ...listed,
    { type: 'divider' },
    { key: 'save', icon: <SaveOutlined />, label: t('savedViews.save') },
    { key: 'copy', icon: <LinkOutlined />, label: t('savedViews.copyLink'), disabled: !current },
    { key: 'manage', icon: <UnorderedListOutlined />, label: t('savedViews.manage'), disabled: list.length === 0 },
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'save') setDialog({ kind: 'save' });
    else if (key === 'manage') setDialog({ kind: 'manage' });
    else if (key === 'copy' && current) void copyViewLink(current, source.filters, t);
    else if (key.startsWith('view:')) {
      const view = list.find((v) => `view:${v.id}` === key);
      if (view) apply(view);
    }
  };

  return (
    <>
      <LazyDropdown menu={{ items, onClick }} autoFocus>
        {/* The views are read when the menu is first opened (a click, Enter or Space on the button). */}
        <Button icon={<BookOutlined />} onClick={() => setOpened(true)} data-testid="saved-views">
          {current ? t('savedViews.buttonActive', { name: current.name }) : t('savedViews.button')}
        </Button>
      </LazyDropdown>
      <Suspense fallback={null}>
        {(dialog?.kind === 'save' || dialog?.kind === 'edit') && (
          <SaveViewModal
            tableId={tableId}
            view={dialog.kind === 'edit' ? dialog.view : undefined}
            source={source}
            look={look}
            onClose={() => setDialog(null)}
          />
        )}
        {dialog?.kind === 'manage' && (
          <ManageViewsModal
            views={list}
            current={current}
            filters={source.filters}
            onApply={(view) => {
              apply(view);
              setDialog(null);
            }}
            onEdit={(view) => setDialog({ kind: 'edit', view })}
            onClose={() => setDialog(null)}
          />
        )}
      </Suspense>
    </>
  );
}
