import type { Role } from '@siteops/contracts/shared/roles';
import type { AddUserInput } from '@siteops/contracts/user/schemas';
import type { UserDetail } from '@siteops/contracts/user/list';
import { blankNulls } from '@/lib/formValues';

// The user form's values and how they map to and from the API (the drawer's fields are in User*Fields.tsx).

export interface FormValues {
  userName: string;
  password?: string;
  realName: string;
  nickName: string;
  avatar?: string | null;
  qrCode: string;
  birthday: string;
  sex: string;
  phone: string;
  email: string;
  nation: string;
  country: string;
  area: string;
  address?: string;
  idNo: string;
  idFrontPic: string;
  idBackPic: string;
  cardNo: string;
  cardPic: string;
  bankName: string;
  politics?: string | null;
  cultureLevel?: string | null;
  certification?: string;
  introduction?: string;
  enabled?: string;
  role: Role;
  agentId?: number | null;
}

/** The user's text fields that may be empty: null in the API, an empty field in the form. */
const OPTIONAL_TEXT = [
  'realName',
  'nickName',
  'qrCode',
  'birthday',
  'sex',
  'phone',
  'email',
  'nation',
  'country',
  'area',
  'address',
  'idNo',
  'idFrontPic',
  'idBackPic',
  'cardNo',
  'cardPic',
  'bankName',
  'introduction',
] as const;

export const USER_FORM_FIELDS = [
  'userName',
  'password',
  'avatar',
  ...OPTIONAL_TEXT,
  'politics',
  'cultureLevel',
  'certification',
  'enabled',
  'role',
  'agentId',
] as const;

export function valuesOf(user: UserDetail): Partial<FormValues> {
  return {
    ...blankNulls(user, OPTIONAL_TEXT),
    userName: user.userName,
    avatar: user.avatar,
    politics: user.politics,
    cultureLevel: user.cultureLevel,
    certification: user.certification,
    enabled: user.enabled,
    role: user.role as Role,
    agentId: user.agentId,
  };
}

const CLEARABLE = ['avatar', 'address', 'politics', 'cultureLevel', 'introduction'] as const;

/** Form values -> the API body (dates as YYYY-MM-DD, empty optional text as ''). */
export function bodyOf(values: FormValues, isAdmin: boolean): AddUserInput {
  const { password, ...rest } = values;
  return {
    ...(rest as unknown as AddUserInput),
    // A cleared optional field is sent as null, so an edit can empty it.
    ...Object.fromEntries(CLEARABLE.map((k) => [k, rest[k] ?? null])),
    // Only an admin moves users between agents (or out of one); others never send the field.
    ...(isAdmin ? { agentId: rest.agentId ?? null } : { agentId: undefined }),
    ...(password ? { password } : {}),
  };
}
