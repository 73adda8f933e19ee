import { useMemo, useState } from 'react';
import { Checkbox, Form, Input, Radio, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { SAVED_VIEW_NAME_MAX, type SavedViewItem, type SavedViewSharing } from '@siteops/contracts/saved-view/schemas';
import { useAgentOptions } from '@/api/ownerOptions';
import { ModalForm } from '@/components/form/ModalForm';
import { ProjectSelect } from '@/components/pickers/ProjectSelect';
import { useUserStore } from '@/stores/user';
import { useAddSavedView } from './api/addSavedView';
import { useUpdateSavedView } from './api/updateSavedView';
import { captureView, type ListViewSource, type TableLook } from './viewState';

interface Values {
  name: string;
  sharing: SavedViewSharing;
  projectId?: number;
  agentId?: number;
  /** Editing: also save the list as it is shown now. */
  overwrite?: boolean;
}

const FIELDS = ['name', 'sharing', 'projectId', 'agentId'] as const;

/** The sharings the caller's role can choose in the console (the server judges the target itself). */
export function sharingsFor(role: string | undefined, agentId: number | null | undefined): SavedViewSharing[] {
  const out: SavedViewSharing[] = ['private'];
  // A plain user cannot list projects to pick one from.
  if (role === 'admin' || role === 'agent' || role === 'manager') out.push('project');
  if (role === 'admin' || agentId != null) out.push('agent');
  return out;
}

/** An admin's agent picker, searched on the server as it types. */
function AgentSelect(props: {
  id?: string;
  value?: number;
  onChange?: (v: number | undefined) => void;
  current?: { value: number; label: string };
}) {
  const [search, setSearch] = useState('');
  const agents = useAgentOptions(search, true);
  const options = agents.data ?? [];
  const { current, ...rest } = props;
  const shown = current && !search && !options.some((o) => o.value === current.value) ? [current, ...options] : options;
  return (
    <Select<number>
      {...rest}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      loading={agents.isFetching}
      options={shown}
      style={{ minWidth: 180 }}
    />
  );
}

/**
 * "Save current view" (no `view`) and "Rename or share" (a view of the caller's): a name (unique among
 * the caller's views of this list: the server's 409 lands on the field) and who else sees it.
 */
export function SaveViewModal({
  tableId,
  view,
  source,
  look,
  onClose,
}: {
  tableId: string;
  view?: SavedViewItem;
  source: ListViewSource;
  look: TableLook;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const role = useUserStore((s) => s.role);
  const ownAgent = useUserStore((s) => s.info?.agentId ?? null);
  const add = useAddSavedView();
  const update = useUpdateSavedView();
  const sharings = sharingsFor(role, ownAgent);
  // The values it opens with, taken once (ModalForm fills the form again when they change).
  const initialValues = useMemo<Partial<Values>>(
    () =>
      view
        ? {
            name: view.name,
            sharing: view.sharing,
            projectId: view.projectId ?? undefined,
            agentId: view.agentId ?? undefined,
          }
        : { sharing: 'private' },
    [view],
  );

  const submit = (values: Values) => {
    const sharing = {
      sharing: values.sharing,
      projectId: values.sharing === 'project' ? values.projectId : undefined,
      agentId: values.sharing === 'agent' ? (role === 'admin' ? values.agentId : (ownAgent ?? undefined)) : undefined,
    };
    if (!view) return add.mutateAsync({ tableId, name: values.name, state: captureView(source, look), ...sharing });
    return update.mutateAsync({
      id: view.id,
      name: values.name,
      ...(values.overwrite && { state: captureView(source, look) }),
      ...sharing,
    });
  };

  return (
    <ModalForm<Values>
      open
      title={t(view ? 'savedViews.form.editTitle' : 'savedViews.form.createTitle')}
      initialValues={initialValues}
      fieldNames={FIELDS}
      onSubmit={submit}
      onClose={onClose}
    >
      {(form) => (
        <>
          {!view && <Typography.Paragraph type="secondary">{t('savedViews.form.captures')}</Typography.Paragraph>}
          <Form.Item
            name="name"
            label={t('savedViews.form.name')}
            rules={[{ required: true, whitespace: true, message: t('savedViews.form.nameRequired') }]}
          >
            <Input
              maxLength={SAVED_VIEW_NAME_MAX}
              showCount
              autoFocus
              placeholder={t('savedViews.form.namePlaceholder')}
            />
          </Form.Item>
          <Form.Item name="sharing" label={t('savedViews.sharing.label')}>
            <Radio.Group
              options={sharings.map((s) => ({
                value: s,
                label: t(s === 'agent' && role !== 'admin' ? 'savedViews.sharing.myAgent' : `savedViews.sharing.${s}`),
              }))}
            />
          </Form.Item>
          <Form.Item noStyle dependencies={['sharing']}>
            {() => {
              const sharing = form.getFieldValue('sharing') as SavedViewSharing;
              if (sharing === 'project')
                return (
                  <Form.Item
                    name="projectId"
                    label={t('savedViews.form.project')}
                    rules={[{ required: true, message: t('savedViews.form.projectRequired') }]}
                  >
                    <ProjectSelect
                      aria-label={t('savedViews.form.project')}
                      current={
                        view?.projectId
                          ? { value: view.projectId, label: view.projectName ?? String(view.projectId) }
                          : undefined
                      }
                    />
                  </Form.Item>
                );
              if (sharing === 'agent' && role === 'admin')
                return (
                  <Form.Item
                    name="agentId"
                    label={t('savedViews.form.agent')}
                    rules={[{ required: true, message: t('savedViews.form.agentRequired') }]}
                  >
                    <AgentSelect
                      current={
                        view?.agentId
                          ? { value: view.agentId, label: view.agentName ?? String(view.agentId) }
                          : undefined
                      }
                    />
                  </Form.Item>
                );
              return null;
            }}
          </Form.Item>
          {view && (
            <Form.Item name="overwrite" valuePropName="checked">
              <Checkbox>{t('savedViews.form.overwrite')}</Checkbox>
            </Form.Item>
          )}
        </>
      )}
    </ModalForm>
  );
}
