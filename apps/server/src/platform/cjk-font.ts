import fs from 'node:fs';
import { createRequire } from 'node:module';

let font: Buffer | null = null;

/**
 * Noto Sans SC (SIL OFL) from @expo-google-fonts/noto-sans-sc, read once (decision 075): the
 * font every PDF the server writes embeds; pdfkit keeps only the glyphs a file uses.
 */
export function cjkFont(): Buffer {
  font ??= fs.readFileSync(
    createRequire(import.meta.url).resolve(
      '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
    ),
  );
  return font;
}
