import { randomBytes, randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { deviceApi } from '@siteops/contracts/device/api';
import type { LicenceBody } from '@siteops/contracts/licence/schemas';
import { authPlatforms, devices, licenceGrants } from '../../db/schema/index.ts';
import { hashDeviceSecret } from '../../crypto/deviceSecret.ts';
import { conflict, fieldError } from '../../core/errors.ts';
import { t } from '../../core/messages/index.ts';
import { sendAttachment } from '../../http/attachment.ts';
import type { Handler } from '../../http/endpoint.ts';
import { todayUtc } from '../platform/service.ts';
import { duplicateDevice } from './service.ts';
import { signLicence, type SigningKey } from './signingKey.ts';

/** A date means "valid through the end of that day (UTC)"; a date-time is taken as it is. */
export const endOfDay = (date: string) => new Date(`${date}T23:59:59.999Z`);
const expiryOf = (text: string) => (/^\d{4}-\d{2}-\d{2}$/.test(text) ? endOfDay(text) : new Date(text));

/** `<sn>.lic`, with characters some file systems refuse (`:`) replaced. */
export const licenceFileName = (sn: string) => `${sn.replace(/[^A-Za-z0-9_.-]/g, '_')}.lic`;

/**
 * Grant a device its licence: the signed file is answered once (the server keeps only the hash of
 * its secret), the device becomes `authorize`, and any earlier licence's secret stops working.
 */
export function grantLicence(key: SigningKey): Handler<typeof deviceApi.grant> {
  return async (c, { download, ...body }) => {
    const { db } = c;
    const actor = c.user;
    const now = new Date();
    const expiresAt = expiryOf(body.expiresAt);
    if (expiresAt.getTime() <= now.getTime()) {
      throw fieldError('expiresAt', t('grant.pastExpiry'));
    }

    const platformIds = [...new Set(body.platformIds)];
    const platforms = platformIds.length
      ? await db.select().from(authPlatforms).where(inArray(authPlatforms.id, platformIds))
      : [];
    const missing = platformIds.filter((id) => !platforms.some((p) => p.id === id));
    if (missing.length) {
      throw fieldError('platformIds', t('grant.unknownPlatforms', { ids: missing }));
    }
    const expired = platforms.filter((p) => p.expirationDate < todayUtc());
    if (expired.length) {
      const list = expired.map((p) => t('grant.expiredPlatform', { name: p.platformName, date: p.expirationDate }));
      throw fieldError('platformIds', t('grant.expiredPlatforms', { list }));
    }
    if (platforms.length) {
      const latest = platforms.map((p) => p.expirationDate).sort()[platforms.length - 1];
      if (expiresAt.getTime() > endOfDay(latest).getTime()) {
        throw fieldError('expiresAt', t('grant.afterPlatform', { date: latest }));
      }
    }

    const deviceSecret = randomBytes(32).toString('base64url');
    const licence: LicenceBody = {
      licenceId: randomUUID(),
      sn: body.sn,
      mac: body.mac,
      platforms: platformIds.map((id) => platforms.find((p) => p.id === id)!.platformName),
      expiresAt: expiresAt.toISOString(),
      attachInfo: body.attachInfo ?? null,
      issuedAt: now.toISOString(),
      deviceSecret,
    };
    const file = signLicence(key, licence);
    const secretHash = hashDeviceSecret(deviceSecret);

    let result: { deviceId: number; created: boolean };
    try {
      result = await db.transaction(async (tx) => {
        const [existing] = await tx
          .select({ id: devices.id, mac: devices.mac })
          .from(devices)
          .where(eq(devices.sn, body.sn))
          .for('update');
        let deviceId: number;
        if (existing) {
          if (existing.mac !== null && existing.mac !== body.mac) {
            throw conflict(t('device.macMismatch', { sn: body.sn, mac: existing.mac, sent: body.mac }), {
              field: 'mac',
            });
          }
          await tx
            .update(devices)
            .set({
              mac: body.mac,
              ...(body.type ? { type: body.type } : {}),
              authStatus: 'authorize',
              secretHash,
              licenceExpiresAt: expiresAt,
              updatedId: actor.id,
            })
            .where(eq(devices.id, existing.id));
          deviceId = existing.id;
        } else {
          [{ id: deviceId }] = await tx
            .insert(devices)
            .values({
              sn: body.sn,
              mac: body.mac,
              type: body.type ?? 'gateway',
              authStatus: 'authorize',
              secretHash,
              licenceExpiresAt: expiresAt,
              createdId: actor.id,
              updatedId: actor.id,
            })
            .returning({ id: devices.id });
        }
        await tx.insert(licenceGrants).values({
          id: licence.licenceId,
          deviceId,
          sn: licence.sn,
          mac: licence.mac,
          platforms: licence.platforms,
          expiresAt,
          attachInfo: licence.attachInfo,
          issuedById: actor.id,
          issuedByName: actor.userName,
          issuedAt: now,
        });
        await c.audit(
          {
            action: 'device.grant',
            targetType: 'device',
            targetId: deviceId,
            detail: {
              licenceId: licence.licenceId,
              sn: licence.sn,
              mac: licence.mac,
              platforms: licence.platforms,
              expiresAt: licence.expiresAt,
              created: !existing,
            },
          },
          tx,
        );
        return { deviceId, created: !existing };
      });
    } catch (err) {
      throw duplicateDevice(err, body);
    }

    const fileName = licenceFileName(body.sn);
    const content = `${JSON.stringify(file, null, 2)}\n`;
    if (download === '1' || download === 'true') {
      // A string with a content type is sent as it is (no envelope, no response schema).
      return sendAttachment(c.reply, content, { type: 'application/json; charset=utf-8', fileName, noStore: true });
    }
    c.reply.header('cache-control', 'no-store');
    return { fileName, content, file, ...result };
  };
}
