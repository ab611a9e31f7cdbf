import type { Page } from '@playwright/test';

/**
 * How many pixels of two screenshots of the same size differ by more than `tolerance` in a
 * colour channel (0 to 255). Decoded by the browser itself (a canvas), so no image library is
 * needed. A tolerance of a few units ignores the anti-aliasing of rounded corners, which
 * Chromium may rasterise one unit apart between two paints of the same page.
 */
export async function differingPixels(
  page: Page,
  first: Buffer,
  second: Buffer,
  tolerance = 4,
): Promise<number> {
  return page.evaluate(
    async ([a, b, limit]) => {
      const pixels = async (base64: string) => {
        const image = new Image();
        image.src = `data:image/png;base64,${base64}`;
        await image.decode();
        const canvas = document.createElement('canvas');
        canvas.width = image.width;
        canvas.height = image.height;
        const context = canvas.getContext('2d')!;
        context.drawImage(image, 0, 0);
        return context.getImageData(0, 0, image.width, image.height);
      };
      const [one, two] = await Promise.all([pixels(a), pixels(b)]);
      if (one.width !== two.width || one.height !== two.height) return one.width * one.height;
      let count = 0;
      for (let index = 0; index < one.data.length; index += 4) {
        for (let channel = 0; channel < 3; channel += 1) {
          if (Math.abs(one.data[index + channel]! - two.data[index + channel]!) > limit) {
            count += 1;
            break;
          }
        }
      }
      return count;
    },
    [first.toString('base64'), second.toString('base64'), tolerance] as const,
  );
}
