import type { App } from '../../http/types.js';
import { principalOf } from '../../http/types.js';
import { qrImageRoutes } from '../code-images/index.js';
import { PassportParams } from './dpp.schemas.js';
import { getPassport } from './dpp.service.js';
import { tags } from './passport-routes.shared.js';

/** A passport's QR code: the symbol of its GS1 Digital Link. `images` comes from the plugin that declares its provider (docs/decisions.md D68). */
export function passportQrRoutes(app: App, images: App['images']) {
  const deps = app.deps;

  qrImageRoutes(app, {
    images,
    path: '/v1/dpp/:id/qr',
    params: PassportParams,
    permission: 'dpp.read',
    tags,
    operationId: 'getPassportQr',
    subject: 'a battery passport',
    description:
      "The symbol holds the passport's GS1 Digital Link URI (`digital_link`), which the resolver sends on to the public page.",
    load: async ({ id }, request) => {
      const passport = await getPassport(deps, principalOf(request), id);
      return {
        payload: passport.digital_link,
        // Black on white whatever the workspace brand: the symbol is a regulatory mark that must scan on a battery label.
        defaults: {},
        fileName: `dpp-${passport.gtin}-${passport.serial}`,
        title:
          passport.data.generalProductInformation?.batteryModel ??
          `Battery passport ${passport.gtin} ${passport.serial}`,
      };
    },
  });
}
