import { DEVICE_IMPORT_COLUMNS } from '@siteops/contracts/deviceSheet';
import { sheetLang } from '@/features/devices/sheetLang';

/** The column's header as the template in `lang` names it (the key if unknown, "-" for the whole row). */
export function columnLabel(column: string | null, lang: string) {
  if (column === null) return '-';
  const known = DEVICE_IMPORT_COLUMNS.find((c) => c.key === column);
  return known ? known[sheetLang(lang)] : column;
}
