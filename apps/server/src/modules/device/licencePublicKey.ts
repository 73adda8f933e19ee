import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { licencePublicKeyAnswer, licencePublicKeyQuery } from '@siteops/contracts/device';
import { envelopeOf, ok } from '../../http/envelope.ts';
import type { SigningKey } from './signingKey.ts';

/**
 * The public half of the licence key. Public on purpose: a public key is no secret, and whoever
 * installs a device (or a device itself) must be able to check a licence without an account.
 */
export function registerLicencePublicKey(app: FastifyInstance, key: SigningKey) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/device/licencePublicKey',
    {
      config: { public: true },
      schema: {
        tags: ['device'],
        summary:
          'The Ed25519 public key (SPKI PEM) that verifies licence files, and its fingerprint; ?download=1 the PEM file',
        security: [],
        querystring: licencePublicKeyQuery,
        response: { 200: envelopeOf(licencePublicKeyAnswer) },
      },
    },
    async (request, reply) => {
      const { download } = request.query;
      if (download === '1' || download === 'true') {
        return reply
          .header('content-disposition', 'attachment; filename="siteops-licence-public.pem"')
          .type('application/x-pem-file')
          .send(key.publicKeyPem as never); // raw PEM, outside the envelope schema
      }
      return ok({ algorithm: 'Ed25519' as const, pem: key.publicKeyPem, fingerprint: key.fingerprint });
    },
  );
}
