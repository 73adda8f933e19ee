import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Button, Form, Space } from 'antd';
import { DownOutlined, FilterOutlined, UpOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PHONE_QUERY, useMediaQuery } from '@/hooks/useMediaQuery';
import { DisclosureButton } from '@/components/DisclosureButton';
import { valuesToParams } from './formKit';

export interface QueryFormProps<V extends object> {
  /** The search params this form owns (others in the URL are kept). */
  names: readonly string[];
  children: ReactNode;
  /** Form values -> URL params (default: non-empty values as text). */
  toParams?: (values: V) => Record<string, string>;
  /** URL params -> form values (default: the params as text). */
  fromParams?: (params: URLSearchParams) => Partial<V>;
  /**
   * Fields drawn only after "More filters" (a long form's rarely used ones: fewer fields to draw before
   * the list's first row). Shown from the start when the address holds one of `moreNames`.
   */
  more?: ReactNode;
  /** The params the `more` fields own. */
  moreNames?: readonly string[];
}

/** The part of the address this form owns, comparable as text. */
function ownedOf(names: readonly string[], params: URLSearchParams) {
  return names.map((n) => `${n}=${params.get(n) ?? ''}`).join('&');
}

function defaultFromParams(names: readonly string[], params: URLSearchParams) {
  return Object.fromEntries(names.map((n) => [n, params.get(n) ?? undefined]));
}

/**
 * Inline search form whose values live in the URL, so a filtered list can be linked to and survives a
 * reload; the page reads its filters from the URL too. Enter in any field submits (a submit button).
 * On a phone (issue 33) the form folds behind a "Filters" button that counts the filters in use, so the
 * list is on the first screen; opened, the fields stack, labels above, and a search or reset folds it
 * again. Folded, the form stays mounted (hidden), so it keeps its values and follows the address.
 */
export function QueryForm<V extends object>(props: QueryFormProps<V>) {
  const { names, children, toParams, fromParams, more, moreNames = [] } = props;
  const { t } = useTranslation();
  const phone = useMediaQuery(PHONE_QUERY);
  const [form] = Form.useForm<V>();
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  const moreActive = moreNames.filter((n) => params.get(n)).length;
  const [expanded, setExpanded] = useState(moreActive > 0);
  const [unfolded, setUnfolded] = useState(false);
  const formId = useId();
  const active = names.filter((n) => params.get(n)).length;
  // What the form's own search just wrote: the form already holds it (and whatever was typed since the
  // click), so that address change must not re-fill the form. Any other change (back/forward, a link) does.
  const applied = useRef<string | null>(null);
  const mounted = useRef(false);

  useEffect(() => {
    const current = new URLSearchParams(search);
    const own = applied.current === ownedOf(names, current);
    applied.current = null;
    if (own) return;
    // New fields are empty already. A reset re-mounts every field (antd remounts on reset), which on
    // each list page's first render re-drew the form and restarted its pickers' reads (issue 9).
    const first = !mounted.current;
    if (!first) form.resetFields();
    mounted.current = true;
    const values = fromParams?.(current) ?? defaultFromParams(names, current);
    // An address with no filter leaves a new form as it is: setting its empty values would draw every
    // field once more right after the first paint (issue 9).
    if (first && Object.values(values).every((v) => v === undefined)) return;
    form.setFieldsValue(values as never);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- re-sync only when the URL changes
  }, [search]);

  const apply = (submitted: V | null) => {
    const next = new URLSearchParams(search);
    for (const n of names) next.delete(n);
    next.delete('page');
    next.delete('after');
    if (submitted) {
      // The folded fields' values too (the form keeps them while they are not drawn).
      const values = { ...form.getFieldsValue(true), ...submitted };
      const own = toParams ? toParams(values) : valuesToParams(values as Record<string, unknown>);
      for (const [k, v] of Object.entries(own)) next.set(k, v);
    } else form.resetFields();
    applied.current = ownedOf(names, next);
    setParams(next);
    setUnfolded(false);
  };

  const searchForm = (
    // The name prefixes the inputs' ids (query_devName), so they never clash with a dialog's field of
    // the same name on the page (a label click would focus the wrong input).
    <Form
      form={form}
      name="query"
      layout={phone ? 'vertical' : 'inline'}
      onFinish={apply}
      style={{ rowGap: 8 }}
      data-testid="query-form"
    >
      {children}
      {expanded && more}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('queryForm.search')}
          </Button>
          <Button onClick={() => apply(null)}>{t('queryForm.reset')}</Button>
          {more && (
            <DisclosureButton
              type="link"
              open={expanded}
              onOpenChange={setExpanded}
              icon={expanded ? <UpOutlined /> : <DownOutlined />}
              iconPlacement="end"
            >
              {expanded
                ? t('queryForm.less')
                : moreActive
                  ? t('queryForm.moreActive', { count: moreActive })
                  : t('queryForm.more')}
            </DisclosureButton>
          )}
        </Space>
      </Form.Item>
    </Form>
  );
  if (!phone) return searchForm;
  return (
    <>
      <DisclosureButton
        icon={<FilterOutlined />}
        open={unfolded}
        onOpenChange={setUnfolded}
        controls={formId}
        data-testid="query-form-toggle"
      >
        {unfolded
          ? t('queryForm.hideFilters')
          : active
            ? t('queryForm.filtersActive', { count: active })
            : t('queryForm.filters')}
      </DisclosureButton>
      <div id={formId} hidden={!unfolded} style={{ marginTop: unfolded ? 12 : 0 }}>
        {searchForm}
      </div>
    </>
  );
}
