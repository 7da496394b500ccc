export const PT_PER_MM = 72 / 25.4;

/**
 * Physical module size when no size is asked for: 1 mm keeps a short URL (version 3, 37 modules
 * with quiet zone) at 37 mm, comfortably above the usual 2 cm minimum for phone scanning,
 * and close to qrencode's 3 pt default.
 */
export const DEFAULT_MODULE_MM = 1;

/** Edge length in millimetres including the quiet zone: `mm` if given, else 1 mm per module. */
export function symbolMm(modulesWithMargin: number, mm?: number): number {
  return mm ?? modulesWithMargin * DEFAULT_MODULE_MM;
}
