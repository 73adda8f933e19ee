import { useMutation } from '@tanstack/react-query';
import { downloadFile, saveFile } from './fileDownload';

/** The import template (.xlsx) with its headers in `lang`. */
export async function downloadImportTemplate(lang: string) {
  const file = await downloadFile({
    method: 'GET',
    url: '/api/device/importTemplate',
    params: { lang },
    headers: { 'Accept-Language': lang },
  });
  saveFile(file.blob, file.fileName ?? 'device-import-template.xlsx');
}

export function useImportTemplateMutation() {
  return useMutation({ mutationFn: downloadImportTemplate });
}
