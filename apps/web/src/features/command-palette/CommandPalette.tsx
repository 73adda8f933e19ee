import { useEffect, useMemo, useState, type KeyboardEvent } from 'react';
import { Empty, Flex, Input, Modal, Spin, Tag, Typography, theme } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { menuForRole } from '@siteops/contracts/shared/routes';
import { useUserStore } from '@/stores/user';
import { useFind } from './api/find';
import {
  hitItem,
  isPaletteItem,
  matchPages,
  pageItems,
  recentFirst,
  rememberRecent,
  type PaletteItem,
} from './paletteItems';

/** Per user: another account signing in on the same browser never sees what this one opened. */
const recentKey = (userId: number | undefined) => `palette-recent:${userId ?? 0}`;
/** Records are looked up once typing pauses this long. */
const DEBOUNCE_MS = 200;

const readRecent = (key: string): PaletteItem[] => {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(key) ?? '[]');
    return Array.isArray(stored) ? stored.filter(isPaletteItem) : [];
  } catch {
    return [];
  }
};

/**
 * Ctrl/Cmd+K: go to any page of the caller's menu, or to a device, project or visitor by name or serial
 * number, found by the one scoped search (a role finds only what it may open). Keyboard only: type,
 * arrows, Enter; recently opened lines come first. A combobox over a listbox (WAI-ARIA APG).
 */
export function CommandPalette({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const role = useUserStore((s) => s.role);
  const storageKey = recentKey(useUserStore((s) => s.info?.id));
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const [recent, setRecent] = useState(() => readRecent(storageKey));

  useEffect(() => {
    const timer = setTimeout(() => setQuery(text.trim()), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const found = useFind({ q: query }, { enabled: open && query.length > 0 });
  const pages = useMemo(() => (role ? pageItems(menuForRole(role), (key) => t(key)) : []), [role, t]);
  const items = useMemo(() => {
    const records = query && found.data ? found.data.hits.map(hitItem) : [];
    return recentFirst([...matchPages(pages, text), ...records], recent, text);
  }, [pages, text, query, found.data, recent]);
  const current = Math.min(active, Math.max(0, items.length - 1));

  const go = (item: PaletteItem) => {
    const next = rememberRecent(recent, item);
    setRecent(next);
    localStorage.setItem(storageKey, JSON.stringify(next));
    onClose();
    setText('');
    void navigate(item.path);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current + step + items.length) % Math.max(1, items.length));
    } else if (event.key === 'Enter' && items[current]) {
      event.preventDefault();
      go(items[current]);
    }
  };

  const optionId = (i: number) => `palette-option-${i}`;
  return (
    <Modal
      open={open}
      onCancel={() => {
        onClose();
        setText('');
      }}
      footer={null}
      closable={false}
      width={640}
      title={null}
      destroyOnHidden
      styles={{ body: { padding: 0 } }}
    >
      <Input
        autoFocus
        size="large"
        variant="borderless"
        prefix={<SearchOutlined />}
        placeholder={t('palette.placeholder')}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        role="combobox"
        aria-label={t('palette.label')}
        aria-expanded
        aria-controls="palette-list"
        aria-autocomplete="list"
        aria-activedescendant={items.length ? optionId(current) : undefined}
        suffix={found.isFetching ? <Spin size="small" /> : undefined}
      />
      <div
        id="palette-list"
        role="listbox"
        aria-label={t('palette.results')}
        style={{ maxHeight: 400, overflowY: 'auto', borderTop: `1px solid ${token.colorBorderSecondary}` }}
      >
        {items.length === 0 ? (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={query && found.isFetching ? t('palette.searching') : t('palette.nothing')}
            style={{ padding: 16 }}
          />
        ) : (
          items.map((item, i) => (
            <div
              key={item.key}
              id={optionId(i)}
              role="option"
              aria-selected={i === current}
              data-testid="palette-option"
              onMouseEnter={() => setActive(i)}
              onClick={() => go(item)}
              style={{
                cursor: 'pointer',
                padding: '8px 16px',
                background: i === current ? token.controlItemBgActive : undefined,
              }}
            >
              <Flex align="center" gap={8}>
                <Tag style={{ marginInlineEnd: 0 }}>{t(`palette.kinds.${item.kind}`)}</Tag>
                <Typography.Text ellipsis>{item.title}</Typography.Text>
                {item.subtitle && (
                  <Typography.Text type="secondary" ellipsis>
                    {item.subtitle}
                  </Typography.Text>
                )}
              </Flex>
            </div>
          ))
        )}
      </div>
      <Typography.Text type="secondary" style={{ display: 'block', padding: '6px 16px', fontSize: 12 }}>
        {t('palette.hint')}
      </Typography.Text>
    </Modal>
  );
}
