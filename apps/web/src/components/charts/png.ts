/**
 * An SVG picture drawn at twice its size as PNG (the SVG carries its own background). For a chart's
 * download: ECharts' SVG renderer gives SVG only.
 */
export async function pngOf(svg: Blob, size: { width: number; height: number }) {
  const url = URL.createObjectURL(svg);
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = size.width * 2;
    canvas.height = size.height * 2;
    canvas.getContext('2d')!.drawImage(image, 0, 0, canvas.width, canvas.height);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('no PNG'))), 'image/png'),
    );
  } finally {
    URL.revokeObjectURL(url);
  }
}
