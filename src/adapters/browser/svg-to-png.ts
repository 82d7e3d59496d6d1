/**
 * An SVG document to PNG bytes in the page: the picture a model is shown (src/ui/dag/run-picture.ts
 * draws it, the same function the CLI and the API draw with in Node). The browser's own renderer
 * does it: the SVG as an image (a data URL, which the page's img-src allows), drawn on a canvas.
 */

/** PNG bytes of `svg` at `zoom` times its own size (2 by default, as in Node). */
export async function svgToPng(svg: string, zoom = 2): Promise<Uint8Array> {
  const image = new Image();
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(image.naturalWidth * zoom);
  canvas.height = Math.round(image.naturalHeight * zoom);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('this browser gives no 2D canvas to draw the picture on');
  context.drawImage(image, 0, 0, canvas.width, canvas.height);
  const blob = await new Promise<Blob>((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('the canvas made no PNG'))), 'image/png'),
  );
  return new Uint8Array(await blob.arrayBuffer());
}
