import type { WorkerSelfRegBody } from '@siteops/contracts/labour/self-reg';
import type { LabourTrade, WorkerIdType } from '@siteops/contracts/labour/schemas';

/** What the phone's form holds. */
export interface WorkerRegValues {
  realName: string;
  idType: WorkerIdType;
  idNo: string;
  phone: string;
  gender?: 'male' | 'female';
  /** A date input's value (YYYY-MM-DD). */
  birthDate?: string;
  trade: LabourTrade;
  teamId?: number;
  photo?: string | null;
  emergencyContact?: string;
  emergencyPhone?: string;
}

const blankToUndefined = (s: string | undefined) => (s && s.trim() ? s.trim() : undefined);

/**
 * The submission's body: a mainland number uppercased without spaces (its gender and birth date are
 * read from it by the server, so none are sent); blank optional fields left out.
 */
export function workerSelfRegBody(token: string, v: WorkerRegValues): WorkerSelfRegBody {
  const mainland = v.idType === 'mainland';
  return {
    token,
    realName: v.realName.trim(),
    idType: v.idType,
    idNo: mainland ? v.idNo.replace(/\s+/g, '').toUpperCase() : v.idNo.trim(),
    phone: v.phone.trim(),
    gender: mainland ? undefined : v.gender,
    birthDate: mainland ? undefined : blankToUndefined(v.birthDate),
    trade: v.trade,
    teamId: v.teamId ?? undefined,
    photo: v.photo ?? '',
    emergencyContact: blankToUndefined(v.emergencyContact),
    emergencyPhone: blankToUndefined(v.emergencyPhone),
  };
}
