import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { labourApi } from '@siteops/contracts/labour/api';
import { WORKER_IMPORT_COLUMNS } from '@siteops/contracts/labour/sheet';
import { SheetImportDialog } from '@/components/import/SheetImportDialog';
import { ProjectPicker, useChosenProject } from './ProjectPicker';

/**
 * Register a project's workers from an xlsx roster (the template's columns). Nothing is written when any
 * row fails; the failed rows are listed by row and column.
 */
export function WorkerImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { project: chosen, picker } = useChosenProject(open);
  return (
    <SheetImportDialog
      open={open}
      onClose={onClose}
      messages="labour"
      template={{ endpoint: labourApi.workerTemplate, fileName: 'worker-roster-import-template.xlsx' }}
      upload={labourApi.importWorkers}
      columns={WORKER_IMPORT_COLUMNS}
      fields={chosen === undefined ? {} : { projectId: String(chosen) }}
      options={
        <Flex gap={8} align="center">
          <Typography.Text>{t('labour.project')}</Typography.Text>
          <ProjectPicker {...picker} />
        </Flex>
      }
      width={720}
    />
  );
}
