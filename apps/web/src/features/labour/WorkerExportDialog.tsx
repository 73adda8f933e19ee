import { useState } from 'react';
import { Checkbox, Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { SHEET_LANGS, type SheetLang } from '@siteops/contracts/device/sheet';
import { useUserStore } from '@/stores/user';
import { useExportWorkers } from './api/exportWorkers';
import { ProjectFormDialog } from './ProjectFormDialog';
import { useChosenProject, type ProjectDialogProps } from './ProjectPicker';

/**
 * Export a project's workers as the roster xlsx (the import template's columns, so it imports again), in
 * the language chosen. ID numbers come masked; an admin may ask for them in full, which the server records.
 */
export function WorkerExportDialog({ open, projectId, onClose }: ProjectDialogProps) {
  const { t, i18n } = useTranslation();
  const isAdmin = useUserStore((s) => s.info?.role === 'admin' && s.role === 'admin');
  const { project, picker } = useChosenProject(open, projectId);
  const [lang, setLang] = useState<SheetLang | undefined>();
  const [reveal, setReveal] = useState(false);
  const download = useExportWorkers();
  const language =
    lang ?? ((SHEET_LANGS as readonly string[]).includes(i18n.language) ? (i18n.language as SheetLang) : 'zh-CN');

  return (
    <ProjectFormDialog
      open={open}
      title={t('labour.exportTitle')}
      okText={t('labour.export')}
      ready={project !== undefined}
      busy={download.isPending}
      onOk={async () => {
        await download.mutateAsync({
          projectId: project!,
          lang: language,
          ...(reveal ? { reveal: '1' as const } : {}),
        });
        onClose();
      }}
      onClose={onClose}
      picker={picker}
      formName="worker-export"
    >
      <Form.Item label={t('labour.exportLang')}>
        <Select
          aria-label={t('labour.exportLang')}
          value={language}
          options={SHEET_LANGS.map((l) => ({ value: l, label: t(`labour.langs.${l}`) }))}
          onChange={setLang}
        />
      </Form.Item>
      {isAdmin && (
        <Form.Item extra={t('labour.revealHint')}>
          <Checkbox checked={reveal} onChange={(e) => setReveal(e.target.checked)}>
            {t('labour.reveal')}
          </Checkbox>
        </Form.Item>
      )}
    </ProjectFormDialog>
  );
}
