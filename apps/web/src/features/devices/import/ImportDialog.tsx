import { useState } from 'react';
import { Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEVICE_IMPORT_COLUMNS, DEVICE_IMPORT_MODES, type DeviceImportMode } from '@siteops/contracts/device/sheet';
import { deviceApi } from '@siteops/contracts/device/api';
import { SheetImportDialog } from '@/components/import/SheetImportDialog';

/**
 * Import devices from an xlsx, choosing what a failed row does: nothing is imported, or the valid rows
 * are. A known serial number updates its device.
 */
export function ImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<DeviceImportMode>('all-or-nothing');
  return (
    <SheetImportDialog
      open={open}
      onClose={onClose}
      title={t('devices.import.title')}
      templateHint={t('devices.import.templateHint')}
      template={{ endpoint: deviceApi.importTemplate, fileName: 'device-import-template.xlsx' }}
      upload={deviceApi.import}
      columns={DEVICE_IMPORT_COLUMNS}
      fields={{ mode }}
      jobProgress
      options={
        <Radio.Group
          value={mode}
          onChange={(e) => setMode(e.target.value as DeviceImportMode)}
          options={DEVICE_IMPORT_MODES.map((m) => ({ value: m, label: t(`devices.import.mode.${m}`) }))}
        />
      }
    />
  );
}
