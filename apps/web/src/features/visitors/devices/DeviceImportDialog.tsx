import { VISITOR_DEVICE_IMPORT_COLUMNS } from '@siteops/contracts/visitor/device';
import { visitorApi } from '@siteops/contracts/visitor/api';
import { SheetImportDialog } from '@/components/import/SheetImportDialog';

/**
 * Import the visitor device list from an xlsx (serial number, direction). Nothing is written when any
 * row fails.
 */
export function DeviceImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <SheetImportDialog
      open={open}
      onClose={onClose}
      messages="visitorDevices"
      template={{ endpoint: visitorApi.deviceTemplate, fileName: 'visitor-device-import-template.xlsx' }}
      upload={visitorApi.importDevices}
      columns={VISITOR_DEVICE_IMPORT_COLUMNS}
      width={720}
    />
  );
}
