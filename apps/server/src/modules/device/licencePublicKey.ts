import type { deviceApi } from '@siteops/contracts/device/api';
import { sendAttachment } from '../../http/attachment.ts';
import type { Handler } from '../../http/endpoint.ts';
import type { SigningKey } from './signingKey.ts';

/**
 * The public half of the licence key. Public on purpose: a public key is no secret, and whoever
 * installs a device (or a device itself) must be able to check a licence without an account.
 */
export function licencePublicKey(key: SigningKey): Handler<typeof deviceApi.licencePublicKey> {
  return async (c, { download }) =>
    download === '1' || download === 'true'
      ? sendAttachment(c.reply, key.publicKeyPem, {
          type: 'application/x-pem-file',
          fileName: 'siteops-licence-public.pem',
        })
      : { algorithm: 'Ed25519' as const, pem: key.publicKeyPem, fingerprint: key.fingerprint };
}
