import { expect, type APIRequestContext } from '@playwright/test';
import jpeg from 'jpeg-js';
import { urlOf, type Envelope } from './support';
import { fileApi } from '@siteops/contracts/file/api';
import type { FileKind } from '@siteops/contracts/file/schemas';
import { mainlandIdCheckDigit } from '@siteops/contracts/labour/id-card';

/** A 1x1 PNG: the smallest image the console's image fields and the upload API accept. */
export const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c63f8cfc0f01f0005000201b8b8a9a60000000049454e44ae426082',
  'hex',
);

/** Uploads `PNG` as an image of `kind` through the API as `token`; answers the file id. */
export async function uploadPng(request: APIRequestContext, token: string, kind: string): Promise<string> {
  const response = await request.post(urlOf(fileApi.upload, { kind: kind as FileKind }), {
    headers: { Authorization: `Bearer ${token}` },
    multipart: { file: { name: 'image.png', mimeType: 'image/png', buffer: PNG } },
  });
  const body = (await response.json()) as Envelope<{ id: string }>;
  expect(body.code, body.msg).toBe(200);
  return body.data.id;
}

/**
 * The rest of spec 5's complete personal-info form (beyond account, name and role), with its four images
 * uploaded as `token`, for servers whose /api/user/add requires it. The ID number is unique enough per call.
 */
export async function personalInfoForm(
  request: APIRequestContext,
  token: string,
  { nickName, email }: { nickName: string; email: string },
) {
  const [qrCode, idFrontPic, idBackPic, cardPic] = await Promise.all(
    ['qrCode', 'idFront', 'idBack', 'cardPic'].map((kind) => uploadPng(request, token, kind)),
  );
  const serial = String(Math.floor(Math.random() * 900) + 100);
  return {
    nickName,
    qrCode,
    birthday: '1990-05-17',
    sex: 'male',
    phone: '13800138000',
    email,
    nation: 'Han',
    country: 'CN',
    area: 'Beijing',
    idNo: `11010519900517${serial}X`,
    idFrontPic,
    idBackPic,
    cardNo: '6222020200112233445',
    cardPic,
    bankName: 'ICBC',
  };
}

/** A valid enterprise real-name certification, as /api/certification/submit takes it (add `enterpriseName`). */
export const CERTIFICATION_FORM = {
  accountType: 'enterprise',
  legalPersonName: '王五',
  legalIdType: 'idCard',
  legalIdNo: '110105199005171234',
  enterpriseCertType: 'businessLicence',
  organisationCode: '91110000-MA01ABCD3X',
} as const;

/** A real JPEG face photo: a flat 240x320 of grey `shade` (0-255); a shade of its own gives a hash of its own. */
export const greyFacePhoto = (shade: number) =>
  Buffer.from(jpeg.encode({ data: Buffer.alloc(240 * 320 * 4, shade), width: 240, height: 320 }, 80).data);

/**
 * A valid mainland ID number (check digit right), born on `birthDate` (YYYYMMDD), a man: area (6), birth
 * date (8), an odd sequence number of three digits, the check digit. (The sequence used to be two random
 * digits after a fixed 0, and one run in fifty drew 109: a 19-character number the drawer refused, so the
 * new worker's row never came.)
 */
export function mainlandId(birthDate: string) {
  const first17 = `110101${birthDate}${String(Math.floor(Math.random() * 450) * 2 + 1).padStart(3, '0')}`;
  return first17 + mainlandIdCheckDigit(first17);
}
