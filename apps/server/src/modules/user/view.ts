import type { UserDetail, UserListItem } from '@siteops/contracts/user/list';
import type { UserRow } from '../../db/schema/index.ts';
import type { ModuleContext } from '../../ports/context.ts';
import { socialOf } from './service.ts';
import { userIdentity } from './userInfo.ts';

type ViewCtx = Pick<ModuleContext, 'pii' | 'fileUrls'>;

/** A user row as the list shows it: no secrets, idNo and cardNo masked, avatar as a signed URL. */
export function toUserListItem(row: UserRow, agentName: string | null, { pii, fileUrls }: ViewCtx): UserListItem {
  return {
    ...userIdentity(row, fileUrls),
    sex: row.sex,
    birthday: row.birthday,
    phone: row.phone,
    email: row.email,
    idNo: pii.masked(row.idNo, 'users.id_no'),
    cardNo: pii.masked(row.cardNo, 'users.card_no'),
    politics: row.politics,
    cultureLevel: row.cultureLevel,
    certification: row.certification,
    enabled: row.enabled,
    isAgent: row.isAgent,
    role: row.role,
    agentId: row.agentId,
    agentName,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The edit form's data; idNo and cardNo in full only when `reveal` (the caller checked the role). */
export function toUserDetail(row: UserRow, agentName: string | null, ctx: ViewCtx, reveal: boolean): UserDetail {
  const { pii, fileUrls } = ctx;
  return {
    ...toUserListItem(row, agentName, ctx),
    ...(reveal
      ? {
          idNo: row.idNo === null ? null : pii.decrypt(row.idNo, 'users.id_no'),
          cardNo: row.cardNo === null ? null : pii.decrypt(row.cardNo, 'users.card_no'),
        }
      : {}),
    nation: row.nation,
    country: row.country,
    area: row.area,
    address: row.address,
    bankName: row.bankName,
    introduction: row.introduction,
    qrCode: row.qrCode,
    qrCodeUrl: fileUrls.urlOf(row.qrCode),
    idFrontPic: row.idFrontPic,
    idFrontPicUrl: fileUrls.urlOf(row.idFrontPic),
    idBackPic: row.idBackPic,
    idBackPicUrl: fileUrls.urlOf(row.idBackPic),
    cardPic: row.cardPic,
    cardPicUrl: fileUrls.urlOf(row.cardPic),
    mustChangePassword: row.mustChangePassword,
    social: socialOf(row),
    revealed: reveal,
    createdId: row.createdId,
    updatedId: row.updatedId,
  };
}
