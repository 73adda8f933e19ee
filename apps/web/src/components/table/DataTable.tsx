import {
  Children,
  Fragment,
  isValidElement,
  lazy,
  Suspense,
  useState,
  type Key,
  type ReactElement,
  type ReactNode,
} from 'react';
import { Button, Checkbox, Empty, Flex, Popover, Result, Space, Table } from 'antd';
import type { TableColumnsType, TableProps } from 'antd';
import {
  BookOutlined,
  ColumnHeightOutlined,
  EllipsisOutlined,
  ReloadOutlined,
  SettingOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PHONE_QUERY, useMediaQuery } from '@/hooks/useMediaQuery';
import { useArmOnIntent } from '@/components/intent/useArmOnIntent';
import { IntentScope } from '@/components/intent/IntentScope';
import { LazyDropdown } from '@/components/intent/LazyDropdown';
import { LazyPopup } from '@/components/intent/LazyPopup';
import { LazyTooltip } from '@/components/intent/LazyTooltip';
import type { ListViewSource } from '@/components/list/savedViews/viewState';
import { CardList } from './CardList';

// Loaded with the first list that offers views: the Workplace's tables (no views) do not carry its code
// (scripts/budget.mjs: the Workplace's first load).
const SavedViewsMenu = lazy(() =>
  import('@/components/list/savedViews/SavedViewsMenu').then((m) => ({ default: m.SavedViewsMenu })),
);
import { CreateButton } from './CreateButton';
import {
  antdSize,
  DENSITIES,
  loadDensity,
  loadHidden,
  saveDensity,
  saveHidden,
  scrollsInCss,
  pinEndInCss,
  classNames,
  toSortParams,
  type Density,
  type SortParams,
} from './tableKit';

export interface PageParams extends SortParams {
  page: number;
  pageSize: number;
}

export interface DataTableProps<T> {
  /** Persists density and column settings under this id. */
  tableId: string;
  columns: TableColumnsType<T>;
  rowKey: keyof T & string;
  list: readonly T[] | undefined;
  total: number;
  /** The server counted `total` rows and stopped (a search's cap): there are more. */
  totalCapped?: boolean;
  loading: boolean;
  /** The list could not be loaded (the client has already said why, once): offer a retry in place. */
  failed?: boolean;
  params: PageParams;
  onParamsChange: (params: PageParams) => void;
  onRefresh: () => void;
  /** The list's main action (create), first in the toolbar and in sight on a phone too. */
  primaryAction?: ReactNode;
  /** Buttons shown left of the refresh/density/columns tools; on a phone, behind a "More actions" button. */
  toolbar?: ReactNode;
  /** Which columns make a row's card on a phone (default: the first column, the status ones, the actions). */
  card?: { title?: string; fields?: readonly string[] };
  /** Enables row selection; the page owns the selected keys (for batch actions). */
  selectedKeys?: Key[];
  onSelectedKeysChange?: (keys: Key[]) => void;
  expandable?: TableProps<T>['expandable'];
  /** A list whose view lives in the address (useListPage's `table`): the toolbar offers saved views of it. */
  views?: ListViewSource;
}

const colKey = (c: { key?: Key; dataIndex?: unknown }) => String(c.key ?? c.dataIndex);
/** The name a column sorts by: its dataIndex, as antd's sorter reports it (see toSortParams). */
const sortName = (c: { key?: Key; dataIndex?: unknown }) =>
  Array.isArray(c.dataIndex) ? c.dataIndex.join('.') : String(c.dataIndex ?? c.key);

/** The toolbar's items (fragments opened): a create button is the list's main action, the rest secondary. */
function splitToolbar(toolbar: ReactNode): { primary: ReactNode[]; secondary: ReactNode[] } {
  const items: ReactNode[] = [];
  const walk = (node: ReactNode) =>
    Children.toArray(node).forEach((child) =>
      isValidElement(child) && child.type === Fragment
        ? walk((child as ReactElement<{ children?: ReactNode }>).props.children)
        : items.push(child),
    );
  walk(toolbar);
  const isPrimary = (n: ReactNode) => isValidElement(n) && n.type === CreateButton;
  return { primary: items.filter(isPrimary), secondary: items.filter((n) => !isPrimary(n)) };
}

const antdOrder = (order: SortParams['sortOrder']): 'ascend' | 'descend' => (order === 'asc' ? 'ascend' : 'descend');

/**
 * antd Table with what every list page needs and ProComponents would otherwise bring: server paging and
 * sorting, a toolbar (refresh, density, column visibility, both remembered per table). On a phone
 * (issue 33) the rows read as cards (CardList) and the toolbar's secondary actions fold behind one button.
 */
export function DataTable<T extends object>(props: DataTableProps<T>) {
  const { t } = useTranslation();
  const { tableId, params, onParamsChange } = props;
  const phone = useMediaQuery(PHONE_QUERY);
  const [actionsOpen, setActionsOpen] = useState(false);
  const [density, setDensity] = useState<Density>(() => loadDensity(tableId));
  const [hidden, setHidden] = useState<string[]>(() => loadHidden(tableId));
  // The sortable headers' hints (a Tooltip each) mount when the pointer or the keyboard first comes into
  // the list: a list's first paint draws none of them (issue 9). Screen readers have antd's aria-sort and
  // aria-description instead.
  const { armed: sortHints, bind: armSortHintsOnIntent } = useArmOnIntent<HTMLDivElement>();

  const changeDensity = (d: Density) => {
    setDensity(d);
    saveDensity(tableId, d);
  };
  const changeHidden = (next: string[]) => {
    setHidden(next);
    saveHidden(tableId, next);
  };
  const toggleColumn = (key: string, shown: boolean) =>
    changeHidden(shown ? hidden.filter((k) => k !== key) : [...hidden, key]);

  // The sort arrow follows the URL, so a reloaded or shared link shows how its rows are sorted.
  const shown = props.columns
    .filter((c) => !hidden.includes(colKey(c)))
    .map((c) =>
      c.sorter
        ? {
            ...c,
            sortOrder: params.sortField === sortName(c) ? antdOrder(params.sortOrder) : null,
          }
        : c,
    );
  const cssScroll = scrollsInCss(shown);
  const columns = cssScroll ? shown.map(pinEndInCss) : shown;
  const settings = (
    <Flex vertical gap={4}>
      {props.columns.map((c) => (
        <Checkbox
          key={colKey(c)}
          checked={!hidden.includes(colKey(c))}
          onChange={(e) => toggleColumn(colKey(c), e.target.checked)}
        >
          {c.title as ReactNode}
        </Checkbox>
      ))}
    </Flex>
  );

  const onChange: TableProps<T>['onChange'] = (pagination, _filters, sorter) => {
    const single = Array.isArray(sorter) ? sorter[0] : sorter;
    const sort = toSortParams(single?.field, single?.order);
    const pageSize = pagination.pageSize ?? params.pageSize;
    onParamsChange({ page: pageSize === params.pageSize ? (pagination.current ?? 1) : 1, pageSize, ...sort });
  };

  const emptyText = props.failed ? (
    <Result
      status="warning"
      subTitle={t('table.failed')}
      extra={<Button onClick={props.onRefresh}>{t('table.retry')}</Button>}
    />
  ) : (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('table.empty')} />
  );
  const totalText = (total: number) => t(props.totalCapped ? 'table.totalCapped' : 'table.total', { total });
  const { primary, secondary } = splitToolbar(props.toolbar);
  const hasSecondary = secondary.length > 0;
  const actionsId = `${tableId}:actions`;

  return (
    <Flex {...armSortHintsOnIntent} vertical gap={12}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Space wrap>
          {props.primaryAction}
          {phone && primary}
          {phone && hasSecondary ? (
            <Button
              icon={<EllipsisOutlined />}
              aria-expanded={actionsOpen}
              aria-controls={actionsId}
              onClick={() => setActionsOpen(!actionsOpen)}
              data-testid="table-actions-toggle"
            >
              {t(actionsOpen ? 'table.hideActions' : 'table.moreActions')}
            </Button>
          ) : (
            props.toolbar
          )}
        </Space>
        {/* The tools' tooltip and menus mount when the pointer or the keyboard reaches them (issue 9). */}
        <IntentScope>
          <Space>
            {props.views && (
              <Suspense
                fallback={
                  <Button icon={<BookOutlined />} disabled>
                    {t('table.views')}
                  </Button>
                }
              >
                <SavedViewsMenu
                  tableId={tableId}
                  source={props.views}
                  look={{ columns: props.columns.map(colKey), hidden, density }}
                  onApplyLook={(look) => {
                    changeHidden(look.hidden);
                    if (look.density) changeDensity(look.density);
                  }}
                />
              </Suspense>
            )}
            <LazyTooltip title={t('table.refresh')}>
              <Button aria-label={t('table.refresh')} icon={<ReloadOutlined />} onClick={props.onRefresh} />
            </LazyTooltip>
            <LazyDropdown
              menu={{
                selectable: true,
                selectedKeys: [density],
                items: DENSITIES.map((d) => ({ key: d, label: t(`table.density.${d}`) })),
                onClick: ({ key }) => changeDensity(key as Density),
              }}
            >
              <Button aria-label={t('table.densityLabel')} icon={<ColumnHeightOutlined />} />
            </LazyDropdown>
            <LazyPopup
              render={(trigger, open, setOpen) => (
                <Popover
                  trigger="click"
                  placement="bottomRight"
                  title={t('table.columns')}
                  content={settings}
                  open={open}
                  onOpenChange={setOpen}
                >
                  {trigger}
                </Popover>
              )}
            >
              <Button aria-label={t('table.columns')} icon={<SettingOutlined />} />
            </LazyPopup>
          </Space>
        </IntentScope>
      </Flex>
      {phone && hasSecondary && actionsOpen && (
        <Flex id={actionsId} wrap gap={8} data-testid="table-actions">
          {secondary}
        </Flex>
      )}
      {phone ? (
        <CardList<T>
          columns={columns}
          rowKey={props.rowKey}
          list={props.list}
          loading={props.loading}
          empty={emptyText}
          card={props.card}
          selectedKeys={props.selectedKeys}
          onSelectedKeysChange={props.onSelectedKeysChange}
          page={params.page}
          pageSize={params.pageSize}
          total={props.total}
          totalText={totalText(props.total)}
          onPageChange={(page, pageSize) =>
            onParamsChange({ ...params, page: pageSize === params.pageSize ? page : 1, pageSize })
          }
        />
      ) : (
        <Table<T>
          className={classNames(density === 'mini' && 'data-table-mini', cssScroll && 'data-table-css-scroll')}
          size={antdSize(density)}
          rowKey={props.rowKey}
          columns={columns}
          dataSource={props.list as T[] | undefined}
          loading={props.loading}
          expandable={props.expandable}
          locale={{ emptyText }}
          rowSelection={
            props.onSelectedKeysChange
              ? { selectedRowKeys: props.selectedKeys, onChange: (keys) => props.onSelectedKeysChange?.(keys) }
              : undefined
          }
          pagination={{
            current: params.page,
            pageSize: params.pageSize,
            total: props.total,
            showSizeChanger: true,
            showTotal: totalText,
          }}
          onChange={onChange}
          showSorterTooltip={sortHints ? { target: 'full-header' } : false}
          scroll={cssScroll ? undefined : { x: 'max-content' }}
        />
      )}
    </Flex>
  );
}
